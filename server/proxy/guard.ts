import type { IncomingMessage } from 'node:http';
import { HEADER } from '../../src/contract/index.ts';
import { hostRefusal } from '../http/host-name.ts';
import { carriesKey } from '../identity/identity.ts';

/**
 * Whether the request's only credential is a key (`Authorization: Bearer`, no cookie): what a script sends (#33.5).
 * A browser page cannot send that to another site: `Authorization` is not a header a cross-origin request may
 * carry without a CORS preflight, which we never grant, and a browser attaches on its own only cookies and Basic
 * credentials, never a Bearer one. With a cookie too, it is treated as a browser's request.
 */
export function carriesKeyOnly(request: IncomingMessage): boolean {
  return carriesKey(request) && request.headers.cookie === undefined;
}

/**
 * Why a request must not spend credits, or null when it may.
 * Layers: Host (DNS rebinding), Sec-Fetch-* (what modern browsers say about the initiator),
 * Origin (older browsers), and the custom header (forces a preflight for any cross-origin script), which a request
 * carrying only a key needs not send where keys are taken (`keysTaken`: people sign in on this server).
 */
export function refusalReason(request: IncomingMessage, allowedHosts: string[], keysTaken = false): string | null {
  const host = (request.headers.host ?? '').toLowerCase();
  const refused = hostRefusal(host, allowedHosts);
  if (refused) return refused;
  const site = request.headers['sec-fetch-site'];
  if (site && site !== 'same-origin') return `cross-site request refused (Sec-Fetch-Site: ${site})`;
  if (request.headers['sec-fetch-mode'] === 'navigate') return 'the API cannot be opened as a page';
  const origin = request.headers.origin;
  if (origin !== undefined) {
    let originHost: string;
    try {
      originHost = new URL(origin).host.toLowerCase();
    } catch {
      return 'malformed Origin header';
    }
    if (originHost !== host) return `request from another origin (${origin}) refused`;
  }
  if (keysTaken && carriesKeyOnly(request)) return null;
  // Every request from our own pages carries it; a cross-site page cannot add it without a CORS preflight we never grant.
  if (request.headers[HEADER.client] !== '1')
    return `missing ${HEADER.client} header: only the creditscope app may call the API${keysTaken ? ' (a script sends only its key: Authorization: Bearer <key>)' : ''}`;
  return null;
}
