import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { Problem } from '../config-rules.ts';
import { hostName, hostRefusal } from './host-name.ts';

/** Loopback names a scraper on this machine uses; any other Host means the request came through a name (a proxy). */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** 127.0.0.0/8, ::1, and IPv4 loopback as an IPv6 socket reports it (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

const bearer = (request: IncomingMessage) => /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? null;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Why GET /metrics is refused to this request (403), or null to serve it. It spends nothing, but what it tells
 * (spend, limits) is the operator's, so:
 * - another site's name pointed at this server (DNS rebinding) and a cross-site page are refused outright;
 * - without credentials, only a scraper on this machine: a loopback socket (the socket's own address, never
 *   X-Forwarded-For), asking by a loopback name, with no forwarding header. A reverse proxy on the same machine
 *   connects from loopback too, so a request it forwards (a public Host, X-Forwarded-For, Forwarded) is not local;
 * - from anywhere else, `Authorization: Bearer <CREDITSCOPE_METRICS_TOKEN>` when the operator set one.
 * `isLocalPeer` is the socket check (tests give another, to stand for a peer on another machine).
 */
export function metricsRefusal(
  request: IncomingMessage,
  rules: {
    allowedHosts: readonly string[];
    token: string | null;
    isLocalPeer?: (address: string | undefined) => boolean;
  },
): string | null {
  const refusedHost = hostRefusal(request.headers.host, rules.allowedHosts);
  if (refusedHost) return refusedHost;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none')
    return `cross-site request refused (Sec-Fetch-Site: ${site})`;
  const given = bearer(request);
  if (given !== null) {
    if (rules.token !== null && sameSecret(given, rules.token)) return null;
    return rules.token === null
      ? 'metrics are served only to this machine: CREDITSCOPE_METRICS_TOKEN is not set'
      : 'wrong metrics token';
  }
  const local =
    (rules.isLocalPeer ?? isLoopbackAddress)(request.socket.remoteAddress) &&
    LOOPBACK_NAMES.has(hostName((request.headers.host ?? '').toLowerCase())) &&
    request.headers['x-forwarded-for'] === undefined &&
    request.headers.forwarded === undefined;
  if (local) return null;
  return rules.token === null
    ? 'metrics are served only to this machine (set CREDITSCOPE_METRICS_TOKEN to scrape them from elsewhere)'
    : 'metrics from elsewhere need Authorization: Bearer <CREDITSCOPE_METRICS_TOKEN>';
}

/** CREDITSCOPE_METRICS_TOKEN: what a scraper from another machine sends as `Authorization: Bearer …`. */
export function metricsToken(raw: string): string {
  if (!/^[\x21-\x7e]{16,}$/.test(raw))
    throw new Problem(
      'CREDITSCOPE_METRICS_TOKEN must be at least 16 printable characters without spaces (for example `openssl rand -hex 24`).',
    );
  return raw;
}
