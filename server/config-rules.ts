import net from 'node:net';
import Big from 'big.js';
import { JOB_LIMITS } from '../src/contract/jobs.ts';

/**
 * One rule per environment variable. Each returns the value to use, or throws a `Problem` that names
 * the variable, what it was given and how to fix it: a bad setting must stop start-up, not make every
 * call fail later (a 0 ms timeout) or quietly mean something else (a dropped base path).
 */
export class Problem extends Error {}

export const TIMEOUT_MS = { min: 1_000, max: 120_000, fallback: 30_000 };
export const CREDIT_LIMIT_MAX = 1_000_000_000;
export const DEMO_STANDIN_PORT = 4599;

const quoted = (value: string) => JSON.stringify(value);

export function upstreamTimeout(raw: string): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < TIMEOUT_MS.min || value > TIMEOUT_MS.max) {
    throw new Problem(
      `UPSTREAM_TIMEOUT_MS must be a whole number of milliseconds from ${TIMEOUT_MS.min} to ${TIMEOUT_MS.max} (1 s to 2 min), got ${quoted(raw)}. Set e.g. UPSTREAM_TIMEOUT_MS=30000, or leave it unset for ${TIMEOUT_MS.fallback}.`,
    );
  }
  return value;
}

/** Which limit a refusal names, and how to have none: the operator's setting, or a person's own limit. */
interface LimitWords {
  name: string;
  none: string;
}
const OPERATOR_LIMIT: LimitWords = { name: 'CREDIT_LIMIT', none: 'leave it unset for no operator limit' };
export const PERSON_LIMIT: LimitWords = { name: "A person's limit", none: 'none for no limit of their own' };

export function creditLimit(raw: string, words: LimitWords = OPERATOR_LIMIT): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(raw);
  const why = !match
    ? 'is not a non-negative decimal number'
    : (match[2]?.length ?? 0) > 6
      ? 'has more than 6 decimals'
      : new Big(raw).gt(CREDIT_LIMIT_MAX)
        ? `is over ${CREDIT_LIMIT_MAX}`
        : null;
  if (why) {
    throw new Problem(
      `${words.name} ${quoted(raw)} ${why}. Set a number of credits from 0 to ${CREDIT_LIMIT_MAX} with at most 6 decimals, like 25 or 0.5, or ${words.none}.`,
    );
  }
  // Canonical ("010.50" → "10.5"), as every decimal setting is stored and shown.
  return new Big(raw).toFixed();
}

export function demoStandinPort(raw: string): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > 65_535) {
    throw new Problem(
      `CREDITSCOPE_DEMO_STANDIN_PORT must be a whole number from 1 to 65535, got ${quoted(raw)}. Leave it unset for ${DEMO_STANDIN_PORT}.`,
    );
  }
  return value;
}

/**
 * An address that is no URL, as it may be shown: whatever comes before its last "@" (a user name and password, a
 * "/" in it included) and after a "?" or "#" is left out, as shownUrl leaves them out of one that parses.
 */
export function shownAddress(raw: string): string {
  const shown = raw.replace(/^([a-z][\w+.-]*:\/\/)?.*@/is, (_, scheme: string | undefined) => `${scheme ?? ''}…@`);
  return JSON.stringify(shown.replace(/[?#].*$/s, '?…').slice(0, 120));
}

/** The URL as it may be shown: a password or a query string can hold a secret of its own. */
function shownUrl(url: URL): string {
  return `${url.protocol}//${url.username || url.password ? '…@' : ''}${url.host}${url.pathname}${url.search ? '?…' : ''}${url.hash ? '#…' : ''}`;
}

/**
 * Upstream origin plus any base path a gateway needs (`https://gw.example.com/tenant-a`), without a
 * trailing `/v1`, which every operation's path adds.
 */
export function apiBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Problem(
      `API_BASE_URL ${shownAddress(raw)} is not a URL. Set the upstream's address, e.g. API_BASE_URL=https://api.example.com`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Problem(
      `API_BASE_URL must start with http:// or https://, got ${url.protocol} in ${quoted(shownUrl(url))}. Set e.g. API_BASE_URL=https://api.example.com`,
    );
  }
  if (url.username || url.password) {
    throw new Problem(
      `API_BASE_URL ${quoted(shownUrl(url))} has a user name or password in it, which requests cannot carry. Remove it; the credential goes in API_TOKEN.`,
    );
  }
  if (url.search || url.hash || /[?#]/.test(raw)) {
    throw new Problem(
      `API_BASE_URL ${quoted(shownUrl(url))} has a query string or fragment, which creditscope would drop. Remove the part from "?" or "#" on: set the origin and base path only, e.g. ${url.origin}${url.pathname.replace(/\/+$/, '')}`,
    );
  }
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
  return `${url.origin}${path}`;
}

const HOST_LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;

/** Host names or IP addresses as the proxy's and Vite's host checks compare them (lowercase, IPv6 in brackets). */
export function allowedHosts(raw: string): string[] {
  return raw
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
    .map((entry) => {
      const fix = (why: string, example: string) =>
        new Problem(
          `ALLOWED_HOSTS entry ${quoted(entry)} ${why}. List host names or IP addresses separated by commas, e.g. ALLOWED_HOSTS=${example}`,
        );
      if (/^[a-z][a-z0-9+.-]*:\/\//.test(entry))
        throw fix(
          'has a scheme: give the host name alone',
          entry.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').split(/[/:]/)[0] || 'box.lan',
        );
      if (/\s/.test(entry)) throw fix('contains a space', entry.split(/\s+/).join(','));
      if (net.isIPv4(entry) || net.isIPv6(entry)) return net.isIPv6(entry) ? `[${entry}]` : entry;
      if (/^\[[^\]]+\]$/.test(entry) && net.isIPv6(entry.slice(1, -1))) return entry;
      if (/^(\[[^\]]+\]|[^:]+):\d*$/.test(entry))
        throw fix('has a port: the host check ignores ports, so give the name alone', entry.replace(/:\d*$/, ''));
      if (entry.startsWith('.'))
        throw fix('starts with a dot: subdomain wildcards are not supported, so list each name', `app${entry}`);
      if (entry.length > 253 || !entry.split('.').every((label) => HOST_LABEL.test(label))) {
        throw fix(
          'is not a host name or an IP address (letters, digits, - and _ between dots; no path)',
          'box.lan,192.168.1.20',
        );
      }
      return entry;
    });
}

/** A token fetch cannot put in a header would fail every call; the message never shows the token itself. */
export function apiToken(raw: string): string {
  const bad = [...raw].findIndex((char) => {
    const code = char.codePointAt(0)!;
    return code < 0x20 || code === 0x7f || code > 0xff;
  });
  if (bad >= 0) {
    const code = [...raw][bad]!.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    throw new Problem(
      `API_TOKEN has a character that cannot be sent in an HTTP header (U+${code} at position ${bad + 1} of ${[...raw].length}). Copy the token again, without line breaks, tabs or typographic quotes.`,
    );
  }
  return raw;
}

export const JOB_CONCURRENCY = { ...JOB_LIMITS.concurrency, fallback: 2 };
export const JOB_LEASE_MS = { min: 500, max: 600_000, fallback: 15_000 };
/** How often a process looks for due watches (#37): a few seconds; tests set it lower. */
export const WATCH_TICK_MS = { min: 50, max: 60_000, fallback: 5_000 };

/** CREDITSCOPE_WATCH_TICK_MS: how often the scheduler looks for due watches. */
export function watchTickMs(raw: string): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < WATCH_TICK_MS.min || value > WATCH_TICK_MS.max) {
    throw new Problem(
      `CREDITSCOPE_WATCH_TICK_MS must be a whole number of milliseconds from ${WATCH_TICK_MS.min} to ${WATCH_TICK_MS.max}, got ${quoted(raw)}. Leave it unset for ${WATCH_TICK_MS.fallback}.`,
    );
  }
  return value;
}

/** Calls in flight per collection job at most (a job may ask for fewer, or more up to the maximum). */
export function jobConcurrency(raw: string): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < JOB_CONCURRENCY.min || value > JOB_CONCURRENCY.max) {
    throw new Problem(
      `JOB_CONCURRENCY must be a whole number from ${JOB_CONCURRENCY.min} to ${JOB_CONCURRENCY.max}, got ${quoted(raw)}. Leave it unset for ${JOB_CONCURRENCY.fallback}.`,
    );
  }
  return value;
}

/** How long a process's claim on a running job lasts unrenewed: after a crash on another host, another process takes it over then. */
export function jobLeaseMs(raw: string): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < JOB_LEASE_MS.min || value > JOB_LEASE_MS.max) {
    throw new Problem(
      `JOB_LEASE_MS must be a whole number of milliseconds from ${JOB_LEASE_MS.min} to ${JOB_LEASE_MS.max}, got ${quoted(raw)}. Leave it unset for ${JOB_LEASE_MS.fallback}.`,
    );
  }
  return value;
}
