import type { IncomingMessage } from 'node:http';
import { HEADER } from '../../src/contract/index.ts';
import { hostRefusal } from '../http/host-name.ts';

/**
 * Why a request must not spend credits, or null when it may.
 * Layers: Host (DNS rebinding), Sec-Fetch-* (what modern browsers say about the initiator),
 * Origin (older browsers), and the custom header (forces a preflight for any cross-origin script).
 */
export function refusalReason(request: IncomingMessage, allowedHosts: string[]): string | null {
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
  // Every request from our own pages carries it; a cross-site page cannot add it without a CORS preflight we never grant.
  if (request.headers[HEADER.client] !== '1')
    return `missing ${HEADER.client} header: only the creditscope app may call the API`;
  return null;
}
