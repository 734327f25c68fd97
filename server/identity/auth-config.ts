import net from 'node:net';
import { ROLES, type Role } from '../../src/contract/person.ts';
import { Problem, shownAddress } from '../config-rules.ts';

/**
 * Who may spend on this server (#28): `none` (anyone who reaches it: today's loopback behaviour), `accounts`
 * (people sign in; server/identity/) or `header` (a reverse proxy in front signs people in and names them in a
 * header). Read with the other settings by server/config.ts.
 */
export type AuthMode = 'none' | 'accounts' | 'header';
export type { Role };

export interface AuthConfig {
  mode: AuthMode;
  /** `none` while the server can be reached beyond loopback: every page says anyone here can spend. */
  exposed: boolean;
  /** Header mode: the request header that names the person (lowercase, as Node gives headers). */
  header: string;
  /** Header mode: the socket addresses whose header is believed; the header from anywhere else is a 401. */
  trustedProxies: string[];
  /** Header mode: what a name the store does not know becomes (a removed name stays refused whatever this says). */
  newcomers: Newcomers;
}

/** Header mode's newcomers (#38.2): let in as a viewer (who spends nothing) or a member, or refused until added. */
export type Newcomers = 'viewer' | 'member' | 'refuse';

const quoted = (raw: string) => JSON.stringify(raw.length > 80 ? `${raw.slice(0, 80)}…` : raw);

export function authMode(raw: string): AuthMode {
  const value = raw.toLowerCase();
  if (value === 'none' || value === 'accounts' || value === 'header') return value;
  throw new Problem(
    `CREDITSCOPE_AUTH must be none, accounts or header, got ${quoted(raw)}. Leave it unset for none on loopback, accounts otherwise.`,
  );
}

export function authRole(raw: string): Role {
  const value = raw.toLowerCase();
  if ((ROLES as readonly string[]).includes(value)) return value as Role;
  throw new Problem(`A role must be admin, member or viewer, got ${quoted(raw)}.`);
}

export function headerNewcomers(raw: string): Newcomers {
  const value = raw.toLowerCase();
  if (value === 'viewer' || value === 'member' || value === 'refuse') return value;
  throw new Problem(
    `CREDITSCOPE_HEADER_NEWCOMERS must be viewer, member or refuse, got ${quoted(raw)}. Leave it unset for viewer.`,
  );
}

/** An HTTP header name (RFC 9110 token), lowercased as Node's request headers are. */
export function authHeader(raw: string): string {
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(raw))
    throw new Problem(
      `CREDITSCOPE_AUTH_HEADER must be a header name like X-Forwarded-User, got ${quoted(raw)}. Leave it unset for X-Forwarded-User.`,
    );
  return raw.toLowerCase();
}

/** IP addresses as a socket reports them: an IPv4 address is also matched in its IPv6-mapped form. */
export function trustedProxies(raw: string): string[] {
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const bare = entry.startsWith('[') && entry.endsWith(']') ? entry.slice(1, -1) : entry;
      if (!net.isIP(bare))
        throw new Problem(
          `CREDITSCOPE_TRUSTED_PROXIES entry ${quoted(entry)} is not an IP address. List the addresses the reverse proxies in front connect from, separated by commas, e.g. CREDITSCOPE_TRUSTED_PROXIES=127.0.0.2 for an nginx on this machine with proxy_bind 127.0.0.2`,
        );
      return bare.toLowerCase();
    });
}

/** Trusted addresses any program on this machine connects from by default (a plain curl): none a proxy should use. */
export function sharedLoopback(trusted: string[]): string[] {
  return trusted.filter((address) => address === '127.0.0.1' || address === '::1');
}

/** Whether `address` (a socket's remote address) is one of `trusted`. */
export function isTrustedAddress(address: string | undefined, trusted: string[]): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  return trusted.includes(plain);
}

/** Loopback only: 127.0.0.0/8, ::1 and localhost. Anything else (0.0.0.0, a LAN address, a name) reaches further. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return bare === 'localhost' || bare === '::1' || (net.isIPv4(bare) && bare.startsWith('127.'));
}

/**
 * The mode and what goes with it. Unset, it is `none` only while the server listens on loopback and
 * ALLOWED_HOSTS is empty; anything wider is `accounts`, and `none` there only when set explicitly (then `exposed`).
 * Header mode with no trusted proxy could believe nobody: refused at start.
 */
export function resolveAuth(
  setting: (name: string) => string | undefined,
  read: <T>(name: string, rule: (raw: string) => T, fallback: T) => T,
  reach: { listenHost: string; allowedHosts: string[] },
  problems: string[],
): AuthConfig {
  const loopbackOnly = isLoopbackHost(reach.listenHost) && reach.allowedHosts.length === 0;
  const explicit = read<AuthMode | null>('CREDITSCOPE_AUTH', authMode, null);
  const mode: AuthMode = explicit ?? (loopbackOnly ? 'none' : 'accounts');
  const auth: AuthConfig = {
    mode,
    exposed: mode === 'none' && !loopbackOnly,
    header: read('CREDITSCOPE_AUTH_HEADER', authHeader, 'x-forwarded-user'),
    trustedProxies: read('CREDITSCOPE_TRUSTED_PROXIES', trustedProxies, []),
    newcomers: read<Newcomers>('CREDITSCOPE_HEADER_NEWCOMERS', headerNewcomers, 'viewer'),
  };
  // Renamed, with no admin choice and a safer default (#38.2): a server that set it is told rather than ignored.
  if (setting('CREDITSCOPE_AUTH_DEFAULT_ROLE') !== undefined)
    problems.push(
      'CREDITSCOPE_AUTH_DEFAULT_ROLE is now CREDITSCOPE_HEADER_NEWCOMERS: viewer (the default), member or refuse (only people an admin added get in). Rename it.',
    );
  if (mode === 'header' && auth.trustedProxies.length === 0 && setting('CREDITSCOPE_TRUSTED_PROXIES') === undefined)
    problems.push(
      'CREDITSCOPE_AUTH=header needs CREDITSCOPE_TRUSTED_PROXIES: the address the reverse proxy connects from, and nothing else does (e.g. 127.0.0.2 for an nginx on this machine with proxy_bind 127.0.0.2; not 127.0.0.1, which any program here, a plain curl, connects from). No address is trusted by default.',
    );
  return auth;
}

/** The origin a welcome link starts with: CREDITSCOPE_PUBLIC_URL, without a trailing slash. */
export function publicUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Problem(
      `CREDITSCOPE_PUBLIC_URL ${shownAddress(raw)} is not a URL. Set e.g. https://creditscope.example.com`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Problem(`CREDITSCOPE_PUBLIC_URL must start with http:// or https://, got ${shownAddress(raw)}.`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
