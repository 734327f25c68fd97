import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { pathAsSent, readApiTarget } from './api-path.ts';
import { normalisedError, type NormalisedError } from './errors.ts';
import { refusalReason } from './guard.ts';
import { BodyRefused, readApiBody, refusedType, type BodyRule } from './json-body.ts';
import { sendError } from './send.ts';
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
     * Who may use the route where people sign in (#28): `public` needs no credential (who is signed in, signing
     * in); `spend` is refused to viewers (it starts spending); `admin` to everyone but admins. Absent: any
     * signed-in person.
     */
    access?: 'public' | 'spend' | 'admin';
    /**
     * Refused 403 to a key (#38.4), whatever `access` says: making or revoking keys, signing out, changing people.
     * Only a person signed in (a session cookie, or the trusted header) does these; a key spends and reads.
     */
    notByKey?: boolean;
  }
  interface FastifyRequest {
    /** Who is asking (#28): null where nobody signs in (mode none), or before the hook below has run. */
    person: Person | null;
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
 * sent), unless the route is public; a route for admins, or one that starts spending, is refused by role.
 */
async function whoIsAsking(identity: Identity, request: FastifyRequest): Promise<NormalisedError | null> {
  const asker = await identity.asker(request.raw);
  request.person = asker.person;
  if (!identity.required) return null;
  const { access, notByKey } = request.routeOptions.config;
  if (notByKey && carriesKey(request.raw))
    return normalisedError(
      403,
      'auth',
      'A key cannot do this: it spends and reads. Making or revoking keys, signing out and changing people need the person signed in, in a browser.',
    );
  if (access === 'public') return null;
  if (asker.refused) return normalisedError(403, 'auth', asker.refused);
  if (!request.person) return normalisedError(401, 'sign-in-required', 'Sign in to use creditscope on this server.');
  if (access === 'admin' && request.person.role !== 'admin')
    return normalisedError(
      403,
      'auth',
      `Only an admin can do this; ${request.person.name} is a ${request.person.role}.`,
    );
  if (access === 'spend' && request.person.role === 'viewer')
    return normalisedError(
      403,
      'viewer-cannot-spend',
      `${request.person.name} is a viewer: viewers read everything already bought, free, and spend nothing. Ask an admin to make you a member.`,
    );
  return null;
}

/** Registers the rules above in the /api plugin's context: they hold for its routes and its 404. */
export function installApiRules(api: FastifyInstance, allowedHosts: string[], identity?: Identity) {
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
