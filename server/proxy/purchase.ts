import Big from 'big.js';
import { LedgerWriteError, type Ledger } from '../ledger/ledger.ts';
import { attemptOnce, type Upstream } from './attempt.ts';
import { normalisedError, type NormalisedError } from './errors.ts';
import type { ExchangeStore } from './inspector-store.ts';
import type { Route } from './operations.ts';
import type { Prices } from './prices.ts';
import { createRedactor } from './redact.ts';
import type { SpendGuard } from './reserve.ts';
import { withRetries } from './retry.ts';
import type { Answer } from './undelivered.ts';

export interface PurchaseDeps { upstream: Upstream; ledger: Ledger; exchanges: ExchangeStore; guard: SpendGuard; prices: Prices }

const errorAnswer = (failure: NormalisedError, headers: Record<string, string> = {}): Answer => ({
  status: failure.error.status, text: JSON.stringify(failure), keep: false,
  headers: { ...headers, 'x-creditscope-charged': failure.error.charged },
});

/** One purchase: admitted by the budget, tried (and retried only where nothing can have been charged), written to the ledger once. */
export function createPurchaser({ upstream, ledger, exchanges, guard, prices }: PurchaseDeps) {
  // An upstream that echoes the token (some error pages do) must not hand it to the browser, in any encoding.
  const redactor = createRedactor(upstream.token);

  // Redacted once more on the way out: a message built from a fetch error, a header or a thrown error is covered too.
  return async function purchase(route: Route, params: Record<string, unknown>): Promise<Answer> {
    try {
      return redactor.answer(await buy(route, params));
    } catch (error) {
      throw new Error(redactor.text((error as Error).message), { cause: error });
    }
  };

  async function buy(route: Route, params: Record<string, unknown>): Promise<Answer> {
    const admission = await guard.admit(route.operation);
    if (!admission.admitted) return errorAnswer(normalisedError(402, 'budget', admission.message));

    // No record, no spend: the request is journalled before it is sent, or it is not sent at all.
    let journalId: string;
    try {
      journalId = ledger.journal(route.operation, params);
    } catch (error) {
      admission.release();
      if (!(error instanceof LedgerWriteError)) throw error;
      return errorAnswer(normalisedError(507, 'ledger', `Not sent, nothing charged: creditscope ${error.message}. Free some space or fix the permissions of CREDITSCOPE_DATA_DIR, then try again.`));
    }

    const started = performance.now();
    let outcome: Awaited<ReturnType<typeof withRetries>>;
    let row: ReturnType<Ledger['record']>;
    try {
      outcome = await withRetries(() => attemptOnce(upstream, route, params, redactor.text));
      const last = outcome.attempts[outcome.attempts.length - 1]!;
      // A call that may have been charged is booked at the going price, not as free.
      const credits = last.charged === 'unknown'
        ? prices.current(route.operation) ?? '0'
        : outcome.attempts.reduce((sum, attempt) => sum.plus(attempt.credits), new Big(0)).toString();
      const { failure } = outcome.final;
      row = ledger.record({
        operation: route.operation, params, status: last.status, credits, durationMs: Math.round(performance.now() - started),
        ok: failure === null, charged: last.charged, attempts: outcome.attempts, ...(failure ? { errorKind: failure.error.kind } : {}),
      }, journalId);
    } finally {
      admission.release();
    }

    const { final } = outcome;
    exchanges.put(row.id, {
      request: { method: route.method, path: route.upstreamPath, params: route.method === 'GET' ? params : {}, body: route.method === 'POST' ? params : null },
      status: row.status, durationMs: row.durationMs, credits: row.credits, responseText: final.text,
    });
    const headers = { ...final.headers, 'x-creditscope-call-id': row.id, 'x-creditscope-credits': row.credits };
    if (final.failure) return errorAnswer(final.failure, headers);
    return { status: row.status, text: final.text, headers: { ...headers, 'x-creditscope-charged': row.charged }, keep: true };
  }
}
