import Big from 'big.js';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { HANDLE } from '../../src/contract/index.ts';
import type { Attempt, Charged, Operation } from '../ledger/rows.ts';
import {
  fromUpstream,
  normalisedError,
  seconds,
  statusLine,
  upstreamMessage,
  type NormalisedError,
} from '../proxy/errors.ts';
import type { Route } from '../proxy/operations.ts';
import type { Redactor } from '../proxy/redact.ts';
import type { ArchiveWrite } from '../store/write-path/settle.ts';

/**
 * The upstream, as the purchaser meets it: one HTTP request on Node's own client (the transport), one try
 * judged by what it can have cost (attemptOnce), and the retries allowed where nothing can have been charged
 * (attemptWithRetries): the only place the upstream's bytes come in.
 */

// The transport.

// Kept-alive connections as fetch keeps them; a free one is closed before a server that announces no
// Keep-Alive timeout would (undici's default, 4 s). One that does announce it is honoured by Node's agent.
const FREE_SOCKET_MS = 4_000;
const agents = {
  http: new http.Agent({ keepAlive: true, timeout: FREE_SOCKET_MS }),
  https: new https.Agent({ keepAlive: true, timeout: FREE_SOCKET_MS }),
};

export interface UpstreamResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /**
   * The whole body, decoded as fetch would (gzip, deflate, br; UTF-8, or the UTF-16 it declares). Rejects if it is cut
   * off, passes MAX_ANSWER_BYTES or the signal fires.
   */
  text(): Promise<string>;
}

export interface UpstreamRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
}

/** A failure named as fetch names it, so the attempt's judgement reads the same fields: the system error is the cause. */
function failure(error: unknown, signal: AbortSignal, message: string): unknown {
  return signal.aborted ? signal.reason : new Error(message, { cause: error });
}

function decoded(response: IncomingMessage): Readable {
  const encoding = String(response.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  if (!decoder) return response;
  response.on('error', (error) => decoder.destroy(error));
  return response.pipe(decoder);
}

/**
 * The most of an answer (decompressed) that is read: pages are tens of kilobytes, and one answer past this (a runaway
 * body, a gzip bomb) would take the server's memory, and the archive's indexer after it, down with it.
 */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/** The body as text in the charset it declares (or its byte order mark says): UTF-16 read as UTF-8 would hide nothing. */
function bodyText(bytes: Buffer, contentType: string | undefined): string {
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(contentType ?? '')?.[1]?.toLowerCase();
  const bom = bytes.length >= 2 ? (bytes[0]! << 8) | bytes[1]! : 0;
  const utf16 =
    bom === 0xfffe ? 'utf-16le' : bom === 0xfeff ? 'utf-16be' : charset?.startsWith('utf-16') ? charset : null;
  if (!utf16) return bytes.toString('utf8');
  try {
    return new TextDecoder(utf16).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

function readText(response: IncomingMessage, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    const body = decoded(response);
    const cutOff = (error: unknown) => reject(failure(error, signal, 'terminated'));
    body.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes <= MAX_ANSWER_BYTES) return void chunks.push(chunk);
      chunks.length = 0;
      cutOff(new Error(`the answer was larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MB and was not read further`));
      body.destroy();
      response.destroy();
    });
    body.once('error', cutOff);
    // A connection closed before the declared end of the body is a cut-off answer, never a short one.
    response.once('close', () => {
      if (!response.complete) cutOff(new Error('the connection closed before the answer ended'));
    });
    body.once('end', () => {
      try {
        resolve(bodyText(Buffer.concat(chunks), response.headers['content-type']));
      } catch (error) {
        cutOff(error);
      }
    });
  });
}

/**
 * One request to the upstream on Node's own HTTP client: profiled under load, the global fetch spent
 * more CPU per paid call (web streams, Headers objects, a second decoding pass) than the proxy's own work.
 * Errors keep fetch's shape (a timeout is the signal's TimeoutError; a network error carries its code in
 * `cause`), because what may have been charged is judged from them.
 */
export function upstreamRequest(
  url: URL,
  { method, headers, body, signal }: UpstreamRequest,
): Promise<UpstreamResponse> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const secure = url.protocol === 'https:';
    const request = (secure ? https : http).request(
      url,
      {
        method,
        signal,
        agent: secure ? agents.https : agents.http,
        headers: {
          'accept-encoding': 'gzip, deflate, br',
          ...headers,
          ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
        },
      },
      (response) => {
        // Read from the first moment, so no end or close of the body can pass unseen; a body nobody asks for rejects unheard.
        const text = readText(response, signal);
        text.catch(() => undefined);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text: () => text });
      },
    );
    request.once('error', (error) => reject(failure(error, signal, 'fetch failed')));
    request.end(body);
  });
}

// One try, judged.

export interface Upstream {
  baseUrl: string;
  token: string;
  timeoutMs: number;
}

export interface AttemptResult {
  attempt: Attempt;
  /** Upstream body, token redacted; empty when none could be read. */
  text: string;
  /** The upstream's Retry-After as it sent it, token redacted: the one upstream header passed on to the browser. */
  retryAfterHeader: string | null;
  /** The headers the request inspector shows (content type, rate limits, Retry-After), token redacted; never Authorization. */
  kept: Record<string, string>;
  failure: NormalisedError | null;
  /** The body as JSON when it is JSON at all (undefined otherwise): parsed once here, read again by the archive. */
  json?: unknown;
  /** True only when the upstream cannot have charged and the same request may pass if sent again. */
  retryable: boolean;
  retryAfter?: number;
}

/** Failures that happen before a single byte of the request left: nothing can have been charged. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function causeCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown; errors?: { code?: unknown }[] } }).cause;
  const code = cause?.code ?? cause?.errors?.[0]?.code;
  return typeof code === 'string' ? code : undefined;
}

function causeText(error: unknown): string {
  const cause = (error as { cause?: { message?: unknown } }).cause;
  return typeof cause?.message === 'string' && cause.message ? cause.message : (error as Error).message;
}

interface Envelope {
  json: boolean;
  success: boolean;
  credits: string | null;
  value?: unknown;
}

/** `meta.credits` when the body is JSON at all; `json:false` for a body that could not be parsed. */
/**
 * The most one call can be taken to have cost: the highest limit an operator can set. A figure past it (`1e308`) is
 * not a price anyone was charged but a broken answer, and would overflow the store's exact sums.
 */
const MOST_CREDITS_PER_CALL = 1_000_000_000;

function readEnvelope(text: string): Envelope {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { json: false, success: false, credits: null };
  }
  // The envelope is an object (spec 2.1); `null`, a number or an array is not an answer the upstream stands by.
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { json: false, success: false, credits: null };
  const envelope = parsed as { success?: unknown; meta?: { credits?: unknown } | null };
  const credits = envelope.meta?.credits;
  return {
    json: true,
    value: parsed,
    success: envelope.success !== false,
    credits:
      typeof credits === 'number' && Number.isFinite(credits) && credits >= 0 && credits <= MOST_CREDITS_PER_CALL
        ? new Big(credits).toFixed()
        : null,
  };
}

type Verdict = Omit<AttemptResult, 'attempt' | 'text' | 'retryAfterHeader' | 'kept' | 'json'> & {
  status: number;
  credits: string;
  charged: Charged;
};

const timedOut = (timeoutMs: number, what: string): Verdict => ({
  status: 504,
  credits: '0',
  charged: 'unknown',
  retryable: false,
  failure: normalisedError(
    504,
    'upstream',
    `${statusLine(504)}: the upstream did not ${what} within ${seconds(timeoutMs)}; it may have charged for this call`,
    { charged: 'unknown' },
  ),
});

function notSent(error: unknown, timeoutMs: number): Verdict {
  if ((error as Error).name === 'TimeoutError') return timedOut(timeoutMs, 'answer');
  const code = causeCode(error);
  if (code && NOT_SENT.has(code)) {
    return {
      status: 502,
      credits: '0',
      charged: 'no',
      retryable: true,
      failure: normalisedError(
        502,
        'network',
        `${statusLine(502)}: could not reach the upstream (${causeText(error)})`,
      ),
    };
  }
  return {
    status: 502,
    credits: '0',
    charged: 'unknown',
    retryable: false,
    failure: normalisedError(
      502,
      'network',
      `${statusLine(502)}: the connection to the upstream broke after the request was sent (${causeText(error)}); it may have charged for this call`,
      { charged: 'unknown' },
    ),
  };
}

function judge(status: number, text: string, envelope: Envelope, retryAfterHeader: string | null): Verdict {
  if (status >= 200 && status < 300) {
    if (!envelope.json) {
      return {
        status: 502,
        credits: '0',
        charged: 'unknown',
        retryable: false,
        failure: normalisedError(
          502,
          'invalid_response',
          `${statusLine(502)}: the upstream answered HTTP ${status} with a body that is not valid JSON or not the object the API answers with; it may have charged for this call`,
          { charged: 'unknown' },
        ),
      };
    }
    // Every answer says what it cost (spec: `meta.credits`); one that does not, or says it in no way a price can be
    // (a string, a negative, past any limit), has cost an unknown amount: booked at the going price, never as free.
    const charged: Charged = envelope.credits === null ? 'unknown' : 'yes';
    // An answer with its envelope is an answer the upstream stands by, `success:false` included.
    const failure = envelope.success
      ? null
      : normalisedError(
          status,
          'upstream',
          upstreamMessage(text) ?? `the upstream answered HTTP ${status} with "success": false`,
          { charged },
        );
    return { status, credits: envelope.credits ?? '0', charged, retryable: false, failure };
  }
  const charged: Charged = envelope.credits !== null && new Big(envelope.credits).gt(0) ? 'yes' : 'no';
  const failure = fromUpstream(status, text, retryAfterHeader, charged);
  return {
    status,
    credits: envelope.credits ?? '0',
    charged,
    failure,
    retryAfter: failure.error.retryAfter,
    retryable: charged === 'no' && (status === 429 || status >= 500),
  };
}

/** What explains an answer to a person reading it later: its format and the upstream's rate limiting. */
const KEPT_HEADER = /^(content-type|retry-after|x-ratelimit-[\w-]+|ratelimit(-[\w-]+)?|x-rate-limit-[\w-]+)$/;

function keptHeaders(headers: IncomingHttpHeaders, redactor: Redactor): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && KEPT_HEADER.test(name))
      kept[name] = redactor.text(Array.isArray(value) ? value.join(', ') : value).slice(0, 500);
  }
  return kept;
}

const headerText = (value: string | string[] | undefined): string | null =>
  value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;

/**
 * One try at the upstream, judged by what the upstream can have charged for it. This is where the
 * upstream's bytes come in, and the only place: its body, the headers kept and any message made from
 * them leave here with the token redacted, so the answer, the archive, find, the inspector, the ledger
 * and the logs, all made from them, never see it.
 */
export async function attemptOnce(
  upstream: Upstream,
  route: Route,
  params: Record<string, unknown>,
  redactor: Redactor,
): Promise<AttemptResult> {
  const at = new Date().toISOString();
  const started = performance.now();
  // Appended, not resolved: resolving `/v1/…` against the base would drop a gateway's base path (`/tenant-a`).
  const target = new URL(`${upstream.baseUrl}${route.upstreamPath}`);
  if (route.method === 'GET')
    for (const [key, value] of Object.entries(params)) target.searchParams.set(key, String(value));
  const body = route.method === 'POST' ? JSON.stringify(params) : undefined;
  let retryAfterHeader: string | null = null;
  let kept: Record<string, string> = {};
  let text = '';
  let json: unknown;
  let httpStatus: number | null = null;
  let verdict: Verdict;
  try {
    const response = await upstreamRequest(target, {
      method: route.method,
      body,
      signal: AbortSignal.timeout(upstream.timeoutMs),
      headers: {
        authorization: `Bearer ${upstream.token}`,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
    });
    httpStatus = response.status;
    kept = keptHeaders(response.headers, redactor);
    const retryAfter = headerText(response.headers['retry-after']);
    if (retryAfter) retryAfterHeader = redactor.text(retryAfter);
    try {
      text = redactor.text(await response.text());
      const envelope = readEnvelope(text);
      json = envelope.value;
      verdict = judge(response.status, text, envelope, retryAfter);
    } catch (error) {
      verdict =
        (error as Error).name === 'TimeoutError'
          ? timedOut(upstream.timeoutMs, 'finish answering')
          : {
              status: 502,
              credits: '0',
              charged: 'unknown',
              retryable: false,
              failure: normalisedError(
                502,
                'network',
                `${statusLine(502)}: the upstream's answer (HTTP ${response.status}) was cut off (${causeText(error)}); it may have charged for this call`,
                { charged: 'unknown' },
              ),
            };
    }
  } catch (error) {
    verdict = notSent(error, upstream.timeoutMs);
  }
  const { status, credits, charged, failure, ...rest } = verdict;
  // The ledger keeps the status the upstream sent (a truncated 200 stays 200); with none, the one the browser got.
  const attempt = {
    at,
    status: httpStatus ?? status,
    durationMs: Math.round(performance.now() - started),
    credits,
    charged,
  };
  // A network error's message is the system's, but may quote what the upstream sent.
  if (failure) failure.error.message = redactor.text(failure.error.message);
  return { ...rest, failure, text, retryAfterHeader, kept, attempt, json };
}

// What an answer tells the archive.

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

type User = { rest_id?: unknown; id?: unknown; profile?: unknown; screen_name?: unknown } | undefined;

function userOf(json: unknown): User {
  return (json as { data?: { user?: User } } | null)?.data?.user;
}

/**
 * What to archive with a successful answer: the body, what it is about, and any rest_id → handle it reveals.
 * `json` is the body already parsed (an answer is parsed once, when it is judged); without it, it is parsed here.
 */
export function archiveWrite(
  operation: Operation,
  params: Record<string, unknown>,
  body: string,
  json?: unknown,
): ArchiveWrite {
  if (operation === 'search') return { body, subject: String(params.q ?? ''), accounts: [] };
  let user: User;
  try {
    user = userOf(json === undefined ? JSON.parse(body) : json);
  } catch {
    user = undefined;
  }
  // data.user names the handle `profile` (as the profile schema reads it); `screen_name` is a post author's word for it.
  const told = text(user?.profile) ?? text(user?.screen_name);
  const handle = told && HANDLE.test(told) ? told.toLowerCase() : null;
  const restId = text(user?.rest_id) ?? text(user?.id);
  const subject =
    typeof params.screen_name === 'string' ? params.screen_name : (handle ?? String(params.rest_id ?? ''));
  return { body, subject, accounts: handle && restId ? [{ restId, handle }] : [] };
}

// The retries.

const BACKOFF_MS = [250, 1000];
/** A longer wait is better left to the person, who sees retryAfter in the answer. */
const MAX_RETRY_AFTER_S = 5;

/** How long to wait before trying again, or null when it must not be tried again. */
export function retryDelay(result: AttemptResult, retriesSoFar: number): number | null {
  if (!result.retryable || retriesSoFar >= BACKOFF_MS.length) return null;
  const backoff = BACKOFF_MS[retriesSoFar]!;
  if (result.retryAfter === undefined) return backoff;
  if (result.retryAfter > MAX_RETRY_AFTER_S) return null;
  return Math.max(backoff, result.retryAfter * 1000);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Tries until an attempt may have charged, cannot pass, or the retries are spent: one purchase, many attempts. */
export async function attemptWithRetries(
  attempt: () => Promise<AttemptResult>,
): Promise<{ final: AttemptResult; attempts: Attempt[] }> {
  const attempts: Attempt[] = [];
  for (let retries = 0; ; retries += 1) {
    const result = await attempt();
    attempts.push(result.attempt);
    const wait = retryDelay(result, retries);
    if (wait === null) return { final: result, attempts };
    await sleep(wait);
  }
}
