import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { pathAsSent, readApiTarget } from './api-path.ts';
import { normalisedError, type NormalisedError } from './errors.ts';
import { refusalReason } from './guard.ts';
import { BodyRefused, readApiBody, refusedType, type BodyRule } from './json-body.ts';
import { sendError } from './send.ts';
import { ACCESS, isAction, roleRefusal, type AccessRule, type Action } from '../identity/access.ts';
import { carriesKey, type Identity } from '../identity/identity.ts';
import type { Person } from '../identity/people.ts';

/**
 * The rules every /api request meets, registered once for all /api routes in both `npm start` and
 * `npm run dev` (server/app.ts mounts them): the path as sent, the guard, how a body is read, and one
 * error shape (`{ success: false, error: { kind, message, status, charged } }`) for every refusal,
 * Fastify's own (a schema, a body, an unknown path) included.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How the route's body is read: absent, a body is not read at all (and drained). */
    body?: BodyRule;
    /** The 400 message for a request the route's schema refuses: every field at fault, as the route words it. */
    refusal?: string | ((request: FastifyRequest) => string | null);
    /** How the route words a body that was not read (too large, not JSON…), from the reader's message. */
    bodyRefusal?: (message: string) => string;
    /** A paid route: a failure inside it may have cost something. */
    paid?: boolean;
    /**
     * Who may use the route where people sign in (#28, #38): its action in the one who-may-do-what table
     * (server/identity/access.ts). Every /api route names one: a route without it stops the server at start-up.
     */
    access?: Action;
  }
  interface FastifyRequest {
    /** Who is asking (#28): null where nobody signs in (mode none), or before the hook below has run. */
    person: Person | null;
    /** Whether the request's key, sign-in or header still names `person` (a key revoked since says no); null: nobody signs in. */
    stillAsking: (() => Promise<boolean>) | null;
  }
}

/** A refusal a route decides, answered in the one error shape. */
export class ApiRefusal extends Error {
  constructor(
    readonly failure: NormalisedError,
    readonly headers: Record<string, string> = {},
  ) {
    super(failure.error.message);
  }
}

/** Throws the normalised error for `status`: a route's way of refusing with the one error shape. */
export function refuse(
  status: number,
  kind: NormalisedError['error']['kind'],
  message: string,
  headers: Record<string, string> = {},
): never {
  throw new ApiRefusal(normalisedError(status, kind, message), headers);
}

/** Methods a route answers 405 to, when it takes only `allowed`. */
export function otherMethods(
  ...allowed: string[]
): ('GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS')[] {
  return (['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const).filter(
    (method) => !allowed.includes(method),
  );
}

/** Answers 405, naming what `url` takes, to every method but `allowed`. */
export function refuseOtherMethods(api: FastifyInstance, url: string, allowed: readonly string[]): void {
  api.route({
    method: otherMethods(...allowed),
    url,
    config: { access: 'wrong-address' },
    handler: async () =>
      refuse(405, 'bad_request', `${url} accepts ${allowed.join(', ')} only`, { allow: allowed.join(', ') }),
  });
}

function schemaRefusal(request: FastifyRequest, error: FastifyError): string {
  const refusal = request.routeOptions.config.refusal;
  const message = typeof refusal === 'function' ? refusal(request) : refusal;
  // A schema is never stricter than its route's wording; were it ever, the schema's own message says why.
  return message ?? `Refused: ${error.message}`;
}

function bodyRefusal(request: FastifyRequest, message: string): string {
  return request.routeOptions.config.bodyRefusal?.(message) ?? message;
}

/**
 * Who is asking, for every /api request (#28): the person the request's key, cookie or trusted header names.
 * Where people sign in, a request naming nobody is refused 401 before any route runs (nothing is journalled or
 * sent), unless its action needs no credential; a role (or a key) the table refuses the action is refused 403
 * (server/identity/access.ts). Whose objects a person reaches is the route's to apply, with `ownerScope`.
 */
async function whoIsAsking(identity: Identity, request: FastifyRequest): Promise<NormalisedError | null> {
  const asker = await identity.asker(request.raw);
  request.person = asker.person;
  const name = asker.person?.name;
  if (name) request.stillAsking = async () => (await identity.asker(request.raw)).person?.name === name;
  if (!identity.required) return null;
  // The 404 of an unknown address has no route, so no action: it is a wrong address like those under a route.
  const action = request.routeOptions.config.access ?? 'wrong-address';
  const rule: AccessRule = ACCESS[action];
  // A name the store removed (header mode) stays out of everything but signing in and who is signed in.
  if (asker.refused && rule.signedIn) return normalisedError(403, 'auth', asker.refused);
  if (!request.person) {
    if (!rule.signedIn) return null;
    return normalisedError(401, 'sign-in-required', 'Sign in to use creditscope on this server.');
  }
  const refusal = roleRefusal(action, request.person, carriesKey(request.raw));
  if (!refusal) return null;
  return normalisedError(
    403,
    rule.spends && request.person.role === 'viewer' ? 'viewer-cannot-spend' : 'auth',
    refusal,
  );
}

/** A route as registered, with its action: what the who-may-do-what test walks. */
export interface RouteAccess {
  method: string;
  url: string;
  access: Action;
}

/**
 * Registers the rules above in the /api plugin's context: they hold for its routes and its 404. Each route
 * registered after it is added to `routes` with its action.
 */
export function installApiRules(
  api: FastifyInstance,
  allowedHosts: string[],
  identity?: Identity,
  routes: RouteAccess[] = [],
) {
  // Every route says who may use it, in the one table: a route added without an entry is a start-up failure.
  api.addHook('onRoute', (route) => {
    const access = (route.config as { access?: unknown } | undefined)?.access;
    if (!isAction(access))
      throw new Error(
        `/api route ${String(route.method)} ${route.url} has no access entry (config.access, one of server/identity/access.ts's actions)`,
      );
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, access });
  });
  api.addHook('onRequest', async (request, reply) => {
    const read = readApiTarget(request.url);
    if ('problem' in read) return sendError(reply, normalisedError(400, 'bad_request', read.problem));
    // Every /api request passes the guard, the free state-changing routes included.
    const refusal = refusalReason(request.raw, allowedHosts, identity?.required ?? false);
    if (refusal) return sendError(reply, normalisedError(403, 'auth', `Refused: ${refusal}`));
    const unknown = identity ? await whoIsAsking(identity, request) : null;
    if (unknown) return sendError(reply, unknown);
  });

  // Bodies are read by the route's rule (size, `application/json`, strict UTF-8, one meaning), whatever the type.
  api.removeAllContentTypeParsers();
  api.addContentTypeParser('*', (request: FastifyRequest) =>
    readApiBody(request.raw, request.routeOptions.config.body),
  );
  api.addHook('preValidation', async (request) => {
    const rule = request.routeOptions.config.body;
    // No body at all skips the parser: a route that takes JSON still says what it expected.
    if (rule?.json && request.body === undefined) throw new BodyRefused(refusedType(request.headers['content-type']));
  });

  api.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiRefusal) return sendError(reply, error.failure, error.headers);
    if (error instanceof BodyRefused || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      // The reader left the rest of a refused body to run out, so the connection can serve the next request.
      reply.removeHeader('connection');
      const message = error instanceof BodyRefused ? error.message : refusedType(request.headers['content-type']);
      return sendError(reply, normalisedError(400, 'bad_request', bodyRefusal(request, message)));
    }
    if (error.validation) return sendError(reply, normalisedError(400, 'bad_request', schemaRefusal(request, error)));
    request.log.error({ err: error }, 'API route failed');
    if (reply.raw.headersSent) return reply.raw.end();
    return sendError(
      reply,
      normalisedError(500, 'upstream', `creditscope proxy failed: ${error.message}`, {
        charged: request.routeOptions.config.paid ? 'unknown' : 'no',
      }),
    );
  });

  api.setNotFoundHandler(async (request, reply) =>
    sendError(
      reply,
      normalisedError(
        404,
        'not_found',
        `No API endpoint ${pathAsSent(request.url)}: only search and the microblog timeline are available`,
      ),
    ),
  );
}
