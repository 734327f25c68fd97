import type { FastifyReply, FastifyRequest } from 'fastify';
import { pathAsSent } from '../proxy/api-path.ts';
import type { Identity } from './identity.ts';
import { safeNext } from '../../src/contract/safe-next.ts';

/** The pages anyone may open: where people sign in, and where an invited person chooses a password. */
const OPEN_PAGES = new Set(['/sign-in', '/welcome']);

/**
 * A document, not a file: the sign-in page needs its scripts, styles and icons whoever asks, and `npm run dev`'s
 * modules (`/@vite/client`, `/src/…`, `/node_modules/…`) are files too.
 */
function isDocument(request: FastifyRequest, pathname: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (/^\/(assets|src|node_modules|@[^/]*)(\/|$)/.test(pathname)) return false;
  return !/\.[^/]*$/.test(pathname);
}

/**
 * The pages' half of "who is asking" (#28), for `npm start` and `npm run dev` alike (server/app.ts): where people
 * sign in, a page asked for by nobody is a 303 to `/sign-in?next=<path>` (accounts mode) or a plain 401 (header
 * mode: the reverse proxy in front signs people in, so reaching the page without it is a misconfiguration or a
 * bypass). The person is kept on the request for server rendering, whose purchase is theirs.
 */
export async function gatePage(identity: Identity, request: FastifyRequest, reply: FastifyReply) {
  if (!identity.required) return;
  const pathname = pathAsSent(request.url);
  if (!isDocument(request, pathname)) return;
  const asker = await identity.asker(request.raw);
  request.person = asker.person;
  if (request.person || OPEN_PAGES.has(pathname)) return;
  if (asker.refused)
    return reply.code(403).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(asker.refused);
  if (identity.config.mode === 'header')
    return reply
      .code(401)
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        "Sign in through this server's front door: the request did not come through the reverse proxy that signs people in.",
      );
  // Only a path on this site goes into `next`, normalised as the sign-in page will read it (safe-next.ts).
  const next = safeNext(request.url);
  return reply
    .code(303)
    .header('location', `/sign-in?next=${encodeURIComponent(next)}`)
    .header('cache-control', 'no-store')
    .send();
}
