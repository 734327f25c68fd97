import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { otherMethods, refuse } from '../proxy/api-rules.ts';
import { normalisedError } from '../proxy/errors.ts';
import { sendError, sendJson } from '../proxy/send.ts';
import { SESSION_COOKIE } from '../../src/contract/cookies.ts';
import { cookieValue, type Identity } from './identity.ts';
import { keyRoutes } from './key-routes.ts';
import { peopleRoutes } from './people-routes.ts';
import type { Person } from './people.ts';
import { clientAddress, overTls, sessionCookie } from './request.ts';
import { personScope, readTotals } from '../store/totals.ts';
import { meSchema } from '../../src/contract/auth.ts';
import { signedInSchema } from '../../src/contract/sign-in.ts';
import {
  signInBodySchema,
  signOutBodySchema,
  welcomeBodySchema,
  type SignInBody,
  type SignOutBody,
  type WelcomeBody,
} from '../../src/contract/requests.ts';
import { peopleSchema } from '../../src/contract/people.ts';
import { answerSchema, requestSchema } from '../http/contract-schema.ts';

/** The routes' Fastify schemas, derived from the contract (src/contract/auth.ts, people.ts). */
const signedInAnswer = { 200: answerSchema(signedInSchema) };
const SCHEMAS = {
  me: { response: { 200: answerSchema(meSchema) } },
  signIn: { body: requestSchema(signInBodySchema), response: signedInAnswer },
  welcome: { body: requestSchema(welcomeBodySchema), response: signedInAnswer },
  signOut: { body: requestSchema(signOutBodySchema) },
  people: { response: { 200: answerSchema(peopleSchema) } },
};
const JSON_BODY = { maxBytes: 4096, json: true };

/**
 * `/api/_auth/*` (#28, the contract in docs/architecture.md): who is signed in, signing in and out, the
 * welcome link, a person's own keys (key-routes.ts), the admins' list of people, and what admins do to people with
 * the audit log (people-routes.ts). Free: nothing here reaches the
 * upstream. `me`, sign-in, welcome and sign-out need no credential; the guard holds for them as for every route.
 */
export function authRoutes(identity: Identity, exposed: boolean): FastifyPluginAsync {
  const { config } = identity;

  async function personView(person: Person) {
    return { name: person.name, role: person.role, limit: await identity.limitStanding(person) };
  }

  function signedIn(request: FastifyRequest, reply: FastifyReply, sessionId: string) {
    reply.header('set-cookie', sessionCookie(sessionId, overTls(request.raw, config)));
  }

  /** 429 with how long to wait, in words and as Retry-After (the browser's sign-in page shows it). */
  function throttled(reply: FastifyReply, retryAfterSeconds: number, what: string) {
    const wait =
      retryAfterSeconds < 90 ? `${retryAfterSeconds} second(s)` : `${Math.ceil(retryAfterSeconds / 60)} minute(s)`;
    return sendError(
      reply,
      normalisedError(429, 'sign-in-throttled', `${what}: try again in ${wait}.`, { retryAfterSeconds }),
      { 'retry-after': String(retryAfterSeconds) },
    );
  }

  return async (api) => {
    await api.register(keyRoutes(identity));
    await api.register(peopleRoutes(identity));

    api.get('/_auth/me', { schema: SCHEMAS.me, config: { access: 'public' } }, async (request, reply) =>
      sendJson(reply, 200, {
        mode: config.mode,
        exposed,
        adminExists: await identity.people.adminExists(),
        person: request.person ? await personView(request.person) : null,
      }),
    );

    api.post<{ Body: SignInBody }>(
      '/_auth/sign-in',
      {
        schema: SCHEMAS.signIn,
        config: { access: 'public', body: JSON_BODY, refusal: 'Send {"name": …, "password": …} as JSON.' },
      },
      async (request, reply) => {
        if (config.mode !== 'accounts')
          refuse(
            404,
            'not_found',
            `Signing in with a password is for CREDITSCOPE_AUTH=accounts; this server is in ${config.mode} mode.`,
          );
        const previous = cookieValue(request.headers.cookie, SESSION_COOKIE);
        const result = await identity.signIn(
          request.body.name.trim(),
          request.body.password,
          clientAddress(request.raw, config),
          previous,
        );
        if (result.kind === 'throttled')
          return throttled(reply, result.retryAfterSeconds, 'Too many sign-in tries for this name from here');
        if (result.kind === 'wrong')
          return sendError(reply, normalisedError(401, 'wrong-credentials', 'Wrong name or password.'));
        signedIn(request, reply, result.sessionId);
        return sendJson(reply, 200, { person: await personView(result.person) });
      },
    );

    api.post<{ Body: WelcomeBody }>(
      '/_auth/welcome',
      {
        schema: SCHEMAS.welcome,
        config: { access: 'public', body: JSON_BODY, refusal: 'Send {"token": …, "password": …} as JSON.' },
      },
      async (request, reply) => {
        const previous = cookieValue(request.headers.cookie, SESSION_COOKIE);
        const address = clientAddress(request.raw, config);
        const result = await identity.welcome(request.body.token, request.body.password, address, previous);
        if (result.kind === 'throttled')
          return throttled(reply, result.retryAfterSeconds, 'Too many welcome-link tries from here');
        if (result.kind === 'invalid') return sendError(reply, normalisedError(400, 'invite-invalid', result.message));
        signedIn(request, reply, result.sessionId);
        return sendJson(reply, 200, { person: await personView(result.person) });
      },
    );

    api.post<{ Body: SignOutBody | undefined }>(
      '/_auth/sign-out',
      {
        schema: SCHEMAS.signOut,
        config: { access: 'sign-out', body: { maxBytes: 1024, json: false } },
      },
      async (request, reply) => {
        const sessionId = cookieValue(request.headers.cookie, SESSION_COOKIE);
        if (request.body?.everywhere && request.person) await identity.signIns.endAll(request.person.name);
        else if (sessionId) await identity.signIns.end(sessionId);
        return reply
          .code(204)
          .header('cache-control', 'no-store')
          .header('set-cookie', sessionCookie(null, overTls(request.raw, config)))
          .send();
      },
    );

    api.get('/_auth/people', { schema: SCHEMAS.people, config: { access: 'people' } }, async (_request, reply) => {
      const [people, keys] = await Promise.all([identity.people.list(), identity.keys.countsByPerson()]);
      const now = new Date();
      return sendJson(reply, 200, {
        people: await Promise.all(
          people.map(async (person) => ({
            ...(await personView(person)),
            createdAt: person.createdAt,
            hasPassword: person.hasPassword,
            // Everything they ever bought, for people with no limit (whose `limit.spent` is in its period).
            spentTotal: (await readTotals(identity.db.kysely, personScope(person.name, 'total', now))).spent,
            keys: keys.get(person.name) ?? 0,
          })),
        ),
      });
    });

    for (const [url, allowed] of [
      ['/_auth/me', 'GET'],
      ['/_auth/sign-in', 'POST'],
      ['/_auth/welcome', 'POST'],
      ['/_auth/sign-out', 'POST'],
      ['/_auth/people', 'GET, POST'],
      ['/_auth/audit', 'GET'],
    ] as const)
      api.route({
        method: otherMethods(...allowed.split(', ')),
        url,
        config: { access: 'wrong-address' },
        handler: async () => refuse(405, 'bad_request', `${url} accepts ${allowed} only`, { allow: allowed }),
      });
  };
}
