import { STATUS_CODES } from 'node:http';
import { kindForStatus, type Charged, type ErrorKind } from '../../src/contract/error-kinds.ts';

export interface NormalisedError {
  success: false;
  /** `charged` tells the browser whether trying again could pay twice. */
  error: {
    kind: ErrorKind;
    message: string;
    status: number;
    charged: Charged;
    retryAfter?: number;
    /** A person's own limit refused it (#28): whose. */
    limitOwner?: string;
    /** A throttled sign-in: how long to wait. */
    retryAfterSeconds?: number;
    /** The upstream's own answer (its 4xx or 5xx), not a refusal by creditscope's own checks. */
    upstreamAnswered?: true;
  };
}

/** "503 Service Unavailable": the status the upstream really sent, never one read from its error page. */
export function statusLine(status: number): string {
  return `${status} ${STATUS_CODES[status] ?? 'Unknown Status'}`;
}

/** Seconds as people read them: 0.5 s, 3 s, 30 s. */
export function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

const HTML = /<!doctype html|<html|<head|<body|<title/i;

function htmlTitle(html: string): string | null {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.replace(/\s+/g, ' ').trim();
  // Gateway pages title themselves with a status line of their own, which can contradict the real one.
  if (!title || /^\d{3}\b/.test(title)) return null;
  return title.slice(0, 200);
}

/** Pulls a human message out of whatever an upstream sends on failure. */
export function upstreamMessage(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    const error = parsed?.error;
    const candidates = [
      typeof error === 'object' && error !== null ? (error as Record<string, unknown>).message : error,
      parsed?.message,
      parsed?.detail,
      parsed?.msg,
    ];
    const found = candidates.find((value) => typeof value === 'string' && value.trim());
    return found ? String(found).slice(0, 300) : null;
  } catch {
    if (HTML.test(body)) return htmlTitle(body);
    const plain = body.replace(/\s+/g, ' ').trim();
    return plain ? plain.slice(0, 200) : null;
  }
}

/** Retry-After in seconds, from either of its two HTTP forms. */
/** Past this a Retry-After is not a wait anyone means (`99999999999999999999999`): not passed on. */
const MOST_RETRY_AFTER_S = 24 * 60 * 60;

export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  const text = header?.trim();
  if (!text) return undefined;
  // Seconds (whole, as RFC 9110 has them; a fraction rounded up), or an HTTP date (which names its day and month).
  const date = /^\d+(\.\d+)?$/.test(text) ? null : /[a-z]{3}/i.test(text) ? Date.parse(text) : NaN;
  const seconds =
    date === null ? Math.ceil(Number(text)) : Number.isNaN(date) ? NaN : Math.max(0, Math.ceil((date - now) / 1000));
  return Number.isFinite(seconds) && seconds <= MOST_RETRY_AFTER_S ? seconds : undefined;
}

export function normalisedError(
  status: number,
  kind: ErrorKind,
  message: string,
  options: { charged?: Charged; retryAfter?: number; limitOwner?: string; retryAfterSeconds?: number } = {},
): NormalisedError {
  const { charged = 'no', retryAfter, limitOwner, retryAfterSeconds } = options;
  return {
    success: false,
    error: {
      kind,
      message,
      status,
      charged,
      ...(retryAfter !== undefined ? { retryAfter } : {}),
      ...(limitOwner !== undefined ? { limitOwner } : {}),
      ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
    },
  };
}

const DEFAULT_MESSAGES: Record<ErrorKind, string> = {
  auth: 'the upstream rejected the API token',
  not_found: 'not found upstream',
  rate_limited: 'the upstream is rate limiting requests',
  budget: 'credit budget reached',
  bad_request: 'the upstream rejected the request',
  upstream: 'the upstream failed',
  network: 'could not reach the upstream',
  invalid_response: 'the upstream sent a response that could not be read',
  ledger: 'creditscope could not record the call, so it did not send it',
  'sign-in-required': 'sign in to use creditscope on this server',
  'viewer-cannot-spend': 'a viewer cannot buy pages',
  'wrong-credentials': 'wrong name or password',
  'sign-in-throttled': 'too many sign-in attempts',
  'invite-invalid': 'this welcome link is not valid',
};

/** A non-2xx answer from the upstream, named by its real status: "503 Service Unavailable: <its message>". */
export function fromUpstream(
  status: number,
  body: string,
  retryAfterHeader: string | null,
  charged: Charged,
): NormalisedError {
  const kind = kindForStatus(status);
  const detail =
    upstreamMessage(body) ?? (HTML.test(body) ? 'the upstream sent an HTML error page' : DEFAULT_MESSAGES[kind]);
  const failure = normalisedError(status, kind, `${statusLine(status)}: ${detail}`, {
    charged,
    retryAfter: parseRetryAfter(retryAfterHeader),
  });
  return { ...failure, error: { ...failure.error, upstreamAnswered: true } };
}
