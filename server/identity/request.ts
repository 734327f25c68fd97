import { stringifySetCookie } from 'cookie';
import type { TLSSocket } from 'node:tls';
import type { IncomingMessage } from 'node:http';
import { isTrustedAddress, type AuthConfig } from './auth-config.ts';
import { SESSION_COOKIE } from '../../src/contract/cookies.ts';
import { ABSOLUTE_MS } from './sign-ins.ts';

/** Whether the browser reached us over TLS: a TLS socket, or `X-Forwarded-Proto: https` from a trusted proxy. */
export function overTls(request: IncomingMessage, config: AuthConfig): boolean {
  if ((request.socket as TLSSocket).encrypted) return true;
  if (!isTrustedAddress(request.socket.remoteAddress, config.trustedProxies)) return false;
  const proto = request.headers['x-forwarded-proto'];
  return typeof proto === 'string' && proto.split(',')[0]!.trim().toLowerCase() === 'https';
}

/** The client's address for throttling: the socket's, or, behind a trusted proxy, the last address it forwarded for. */
export function clientAddress(request: IncomingMessage, config: AuthConfig): string {
  const socket = request.socket.remoteAddress ?? 'unknown';
  if (!isTrustedAddress(socket, config.trustedProxies)) return socket;
  const forwarded = request.headers['x-forwarded-for'];
  const last = typeof forwarded === 'string' ? forwarded.split(',').pop()?.trim() : undefined;
  return last || socket;
}

/**
 * The session cookie (OWASP): HttpOnly (no script reads it), SameSite=Strict (no other site's request carries
 * it), Path=/, Secure over TLS, as long as the session may last. Empty and expired to clear it.
 */
export function sessionCookie(value: string | null, secure: boolean): string {
  return stringifySetCookie({
    name: SESSION_COOKIE,
    value: value ?? '',
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    maxAge: value === null ? 0 : Math.floor(ABSOLUTE_MS / 1000),
    secure,
  });
}
