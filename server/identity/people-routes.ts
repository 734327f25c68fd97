import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { creditLimit, PERSON_LIMIT, Problem } from '../config-rules.ts';
import { refuse, refuseOtherMethods } from '../proxy/api-rules.ts';
import { normalisedError } from '../proxy/errors.ts';
import { sendError, sendJson } from '../proxy/send.ts';
import { AdminError, PeopleAdmin, type Limit } from './admin.ts';
import { BadCursor } from './audit.ts';
import type { Identity } from './identity.ts';
import { clientAddress } from './request.ts';
import { auditPageSchema, welcomeLinkSchema } from '../../src/contract/people.ts';
import {
  auditQuerySchema,
  changePersonBodySchema,
  inviteBodySchema,
  noBodySchema,
  personNameParamsSchema,
  type AuditQuery,
  type ChangePersonBody,
  type InviteBody,
} from '../../src/contract/requests.ts';
import { linkStateSchema } from '../../src/contract/sign-in.ts';
import { welcomeCheckBodySchema } from '../../src/contract/requests.ts';
import { answerSchema, requestSchema } from '../http/contract-schema.ts';

/** The routes' Fastify schemas, derived from the contract (src/contract/people.ts, auth.ts). */
const NAME_PARAM = requestSchema(personNameParamsSchema);
const welcomeAnswer = answerSchema(welcomeLinkSchema);
const SCHEMAS = {
  invite: { body: requestSchema(inviteBodySchema), response: { 201: welcomeAnswer } },
  change: { params: NAME_PARAM, body: requestSchema(changePersonBodySchema) },
  reset: { params: NAME_PARAM, body: requestSchema(noBodySchema), response: { 200: welcomeAnswer } },
  signOut: { params: NAME_PARAM, body: requestSchema(noBodySchema) },
  remove: { params: NAME_PARAM },
  audit: { querystring: requestSchema(auditQuerySchema), response: { 200: answerSchema(auditPageSchema) } },
  welcomeCheck: { body: requestSchema(welcomeCheckBodySchema), response: { 200: answerSchema(linkStateSchema) } },
};
const JSON_BODY = { maxBytes: 4096, json: true };

/** The welcome link's path: the page reads the token from the fragment, which no request carries. */
const welcomePath = (token: string) => `/welcome#token=${token}`;

/** A limit as the CLI takes it (`creditLimit`'s rule), or a 400 in its words. */
function readLimit(limit: Limit): Limit {
  if (!limit) return null;
  try {
    return { credits: creditLimit(limit.credits, PERSON_LIMIT), period: limit.period };
  } catch (error) {
    if (error instanceof Problem) refuse(400, 'bad_request', error.message);
    throw error;
  }
}

/** What an admin does to people, as `npm run user` does it (admin.ts): refusals in its words, with a status. */
async function asAdmin<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AdminError)) throw error;
    const status = { unknown: 404, conflict: 409, invalid: 400 }[error.reason];
    refuse(status, status === 404 ? 'not_found' : 'bad_request', error.message);
  }
}

/**
 * The People page's routes (#34.4): what `npm run user` does, from a browser, for admins signed in (the table's
 * `manage-people`: never with a key), each change in the audit log under the admin's name; the audit log a page at
 * a time; and a welcome link's state, checked before the welcome page asks for a password.
 */
export function peopleRoutes(identity: Identity): FastifyPluginAsync {
  const adminOf = (request: { person: { name: string } | null }) => new PeopleAdmin(identity, request.person!.name);
  const manage = { access: 'manage-people' as const, body: JSON_BODY };

  return async (api) => {
    api.post<{ Body: InviteBody }>(
      '/_auth/people',
      {
        schema: SCHEMAS.invite,
        config: { ...manage, refusal: 'Send {"name": …, "role": …, "limit": null or {"credits", "period"}} as JSON.' },
      },
      async (request, reply) => {
        const { name, role } = request.body;
        const limit = readLimit(request.body.limit);
        const token = await asAdmin(() => adminOf(request).add(name.trim(), role, limit));
        return sendJson(reply, 201, { name: name.trim(), welcome: welcomePath(token) });
      },
    );

    api.patch<{ Params: { name: string }; Body: ChangePersonBody }>(
      '/_auth/people/:name',
      {
        schema: SCHEMAS.change,
        config: { ...manage, refusal: 'Send {"role": …} or {"limit": null or {"credits", "period"}} as JSON.' },
      },
      async (request, reply) => {
        const admin = adminOf(request);
        const { name } = request.params;
        const { role, limit } = request.body;
        const newLimit = limit === undefined ? undefined : readLimit(limit);
        await asAdmin(async () => {
          if (role !== undefined) await admin.setRole(name, role);
          if (newLimit !== undefined) await admin.setLimit(name, newLimit);
        });
        return sendJson(reply, 200, { person: await identity.people.person(name) });
      },
    );

    api.post<{ Params: { name: string } }>(
      '/_auth/people/:name/reset',
      { schema: SCHEMAS.reset, config: manage },
      async (request, reply) => {
        const token = await asAdmin(() => adminOf(request).reset(request.params.name));
        return sendJson(reply, 200, { name: request.params.name, welcome: welcomePath(token) });
      },
    );

    api.post<{ Params: { name: string } }>(
      '/_auth/people/:name/sign-out',
      { schema: SCHEMAS.signOut, config: manage },
      async (request, reply) => {
        await asAdmin(() => adminOf(request).signOutEverywhere(request.params.name));
        return sendJson(reply, 200, { name: request.params.name });
      },
    );

    api.delete<{ Params: { name: string } }>(
      '/_auth/people/:name',
      { schema: SCHEMAS.remove, config: { access: 'manage-people' } },
      async (request, reply) => {
        await asAdmin(() => adminOf(request).remove(request.params.name));
        return sendJson(reply, 200, { name: request.params.name });
      },
    );

    api.get<{ Querystring: AuditQuery }>(
      '/_auth/audit',
      {
        schema: SCHEMAS.audit,
        config: { access: 'people', refusal: '`before`: a `next` this log gave; `limit`: 1 to 100.' },
      },
      async (request, reply) => {
        try {
          return sendJson(
            reply,
            200,
            await identity.audit.page(request.query.before ?? null, Number(request.query.limit ?? 50)),
          );
        } catch (error) {
          if (error instanceof BadCursor) refuse(400, 'bad_request', error.message);
          throw error;
        }
      },
    );

    // Before the welcome page asks for a password: can this link still be used? The token in a body, never a URL
    // (a server log keeps URLs); throttled per address like the welcome itself; free, and it changes nothing.
    api.post<{ Body: { token: string } }>(
      '/_auth/welcome/check',
      {
        schema: SCHEMAS.welcomeCheck,
        config: { access: 'public', body: JSON_BODY, refusal: 'Send {"token": …} as JSON.' },
      },
      async (request, reply: FastifyReply) => {
        const reservation = await identity.throttle.reserveWelcomeCheck(clientAddress(request.raw, identity.config));
        if (reservation.kind === 'wait')
          return sendError(
            reply,
            normalisedError(429, 'sign-in-throttled', 'Too many welcome-link checks from here: try again later.', {
              retryAfterSeconds: reservation.retryAfterSeconds,
            }),
            { 'retry-after': String(reservation.retryAfterSeconds) },
          );
        return sendJson(reply, 200, { state: await identity.invites.state(identity.db.kysely, request.body.token) });
      },
    );

    for (const [url, allowed] of [
      ['/_auth/people/:name', ['PATCH', 'DELETE']],
      ['/_auth/people/:name/reset', ['POST']],
      ['/_auth/people/:name/sign-out', ['POST']],
      ['/_auth/welcome/check', ['POST']],
    ] as const)
      refuseOtherMethods(api, url, allowed);
  };
}
