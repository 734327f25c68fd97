import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Ledger } from '../ledger/ledger.ts';
import { fromUpstream, normalisedError, type NormalisedError } from './errors.ts';
import type { ExchangeStore } from './inspector-store.ts';
import { MAX_BODY_BYTES, OPERATIONS, pickFields } from './operations.ts';
import { UndeliveredStore } from './undelivered.ts';

export interface Upstream { baseUrl: string; token: string; timeoutMs: number }

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  response.end(JSON.stringify(body));
}

async function readLimitedBody(request: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Serialises paid calls while a budget is set, so concurrent calls cannot overshoot it by more than one call. */
class BudgetGate {
  private tail: Promise<void> = Promise.resolve();
  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.then(() => undefined, () => undefined);
    return result;
  }
}

/** What the ledger needs from a body, from one parse of it. */
function readEnvelope(text: string): { success: boolean; credits: number } {
  try {
    const parsed = JSON.parse(text) as { success?: unknown; meta?: { credits?: unknown } } | null;
    const credits = parsed?.meta?.credits;
    return {
      success: parsed?.success !== false,
      credits: typeof credits === 'number' && Number.isFinite(credits) && credits >= 0 ? credits : 0,
    };
  } catch {
    return { success: false, credits: 0 };
  }
}

/** A 2xx that is not a usable success: `success:false`, or a body that is not JSON at all. */
function invalidOrRefused(status: number, text: string): NormalisedError {
  try {
    JSON.parse(text);
  } catch {
    return normalisedError(502, 'invalid_response', `The upstream answered HTTP ${status} with a body that is not valid JSON`);
  }
  const refused = fromUpstream(status, text, null);
  return normalisedError(status, 'upstream', refused.error.message);
}

export function createForwarder(upstream: Upstream, ledger: Ledger, exchanges: ExchangeStore) {
  const gate = new BudgetGate();
  const undelivered = new UndeliveredStore();
  // An upstream that echoes the token (some error pages do) must not hand it to the browser.
  const redact = (text: string) => (upstream.token && text.includes(upstream.token) ? text.split(upstream.token).join('[redacted]') : text);

  return async function forward(pathname: string, url: URL, request: IncomingMessage, response: ServerResponse) {
    const route = OPERATIONS[pathname]!;
    let params: Record<string, unknown>;
    if (route.method === 'POST') {
      let parsed: unknown;
      try { parsed = JSON.parse(await readLimitedBody(request)); } catch {
        return sendJson(response, 400, normalisedError(400, 'bad_request', 'Request body must be a JSON object under 16 KB'));
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        return sendJson(response, 400, normalisedError(400, 'bad_request', 'Request body must be a JSON object'));
      }
      params = pickFields(parsed as Record<string, unknown>, route.fields);
    } else {
      params = pickFields(Object.fromEntries(url.searchParams), route.fields);
    }

    const key = UndeliveredStore.key(route.operation, params);
    const call = async () => {
      const paidEarlier = undelivered.take(key);
      if (paidEarlier) return undelivered.deliver(key, response, paidEarlier);
      if (ledger.budgetReached()) {
        return sendJson(response, 402, normalisedError(402, 'budget',
          `Credit budget of ${ledger.limit} reached (spent ${ledger.spent}). Raise or clear the budget on the Credits page, or start a new session.`));
      }
      const { baseUrl, token, timeoutMs } = upstream;
      const target = new URL(route.upstreamPath, `${baseUrl}/`);
      if (route.method === 'GET') for (const [key, value] of Object.entries(params)) target.searchParams.set(key, String(value));
      const body = route.method === 'POST' ? JSON.stringify(params) : undefined;
      const started = performance.now();
      let status: number;
      let text = '';
      let credits = 0;
      let failure: NormalisedError | null = null;
      const headers: Record<string, string> = {};
      try {
        const upstreamResponse = await fetch(target, {
          method: route.method, body, signal: AbortSignal.timeout(timeoutMs),
          headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        });
        status = upstreamResponse.status;
        text = redact(await upstreamResponse.text());
        const retryAfter = upstreamResponse.headers.get('retry-after');
        if (retryAfter) headers['retry-after'] = retryAfter;
        const envelope = readEnvelope(text);
        credits = envelope.credits;
        if (status < 200 || status >= 300) failure = fromUpstream(status, text, retryAfter);
        else if (!envelope.success) failure = invalidOrRefused(status, text);
      } catch (error) {
        const timedOut = (error as Error).name === 'TimeoutError';
        status = timedOut ? 504 : 502;
        failure = timedOut
          ? normalisedError(504, 'upstream', `The upstream did not answer within ${Math.round(timeoutMs / 1000)} s`)
          : normalisedError(502, 'network', `Could not reach the upstream: ${(error as Error).message}`);
      }
      const durationMs = Math.round(performance.now() - started);
      const row = ledger.record({
        operation: route.operation, params, status, credits, durationMs,
        ok: failure === null, ...(failure ? { errorKind: failure.error.kind } : {}),
      });
      exchanges.put(row.id, {
        request: { method: route.method, path: route.upstreamPath, params: route.method === 'GET' ? params : {}, body: route.method === 'POST' ? params : null },
        status, durationMs, credits: row.credits, responseText: text,
      });
      const callHeaders = { ...headers, 'x-creditscope-call-id': row.id, 'x-creditscope-credits': row.credits };
      if (failure) return sendJson(response, failure.error.status, failure, callHeaders);
      undelivered.deliver(key, response, { status, text, headers: callHeaders });
    };
    return ledger.limit === null ? call() : gate.run(call);
  };
}
