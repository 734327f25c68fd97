import Big from 'big.js';
import type { ArchiveStore } from '../store/archive-store.ts';
import { LedgerWriteError, storeUnavailable } from '../store/errors.ts';
import type { LedgerStore } from '../store/ledger-store.ts';
import { archivedAnswer, archiveWrite } from './archive-answer.ts';
import { attemptOnce, type Upstream } from './attempt.ts';
import { samePage } from './free-copy.ts';
import { normalisedError } from './errors.ts';
import type { ExchangeStore } from './inspector-store.ts';
import type { Route } from './operations.ts';
import type { Prices } from './prices.ts';
import { createRedactor } from './redact.ts';
import { withRetries } from './retry.ts';
import { failedPurchase, type PurchaseResult } from './purchase-result.ts';
import type { Person } from '../identity/people.ts';
import type { ServerMetrics } from '../observe/metrics.ts';

export interface PurchaseDeps {
  upstream: Upstream;
  ledger: LedgerStore;
  archive: ArchiveStore;
  exchanges: ExchangeStore;
  prices: Prices;
  /** Counts each paid call, free page and upstream attempt for /metrics. */
  metrics: ServerMetrics;
}
export interface PurchaseRequest {
  route: Route;
  params: Record<string, unknown>;
  key: string;
  /** An explicit Refresh: the archive's copy is not enough. */ fresh: boolean;
  /** The collection job asking: written on its ledger row. */
  jobId?: string;
  /** Who is buying (#28): the row is theirs and so is the limit it counts against; a viewer is served only what is archived. */
  person?: Pick<Person, 'name' | 'role'> | null;
}
export type Purchaser = (request: PurchaseRequest) => Promise<PurchaseResult>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const WAIT_STEP_MS = 100;

/** A request, its retries and their backoffs can take no longer than this; then a pending row is abandoned. */
function leaseMs(upstream: Upstream) {
  return upstream.timeoutMs * 3 + 20_000;
}

/**
 * One purchase: served free from the archive when it may be, else admitted by the budget and
 * journalled in one locked transaction, tried (and retried only where nothing can have been
 * charged), settled once with its archived answer.
 */
export function createPurchaser({ upstream, ledger, archive, exchanges, prices, metrics }: PurchaseDeps): Purchaser {
  // An upstream that echoes the token (some error pages do) must not hand it on, in any encoding: each attempt redacts what it reads.
  const redactor = createRedactor(upstream.token);

  return async function purchase(request: PurchaseRequest): Promise<PurchaseResult> {
    try {
      return await obtain(request);
    } catch (error) {
      // The store gone (its database server stopped, its disk unusable) while the purchase read it: that is
      // before anything was sent, since a settlement the store refuses is kept for later, never thrown.
      const unavailable = storeUnavailable(error);
      if (unavailable)
        return failedPurchase(
          normalisedError(
            507,
            'ledger',
            `Not sent, nothing charged: creditscope ${unavailable}. Try again once the store is back.`,
          ),
        );
      throw error;
    }
  };

  /** The page as the archive files it (a rest_id whose handle an answer has told us is the handle's page). */
  async function resolve(request: PurchaseRequest): Promise<PurchaseRequest> {
    const { params, key } = await samePage(archive, {
      operation: request.route.operation,
      params: request.params,
      key: request.key,
    });
    return { ...request, params, key };
  }

  async function obtain(asked: PurchaseRequest): Promise<PurchaseResult> {
    const request = await resolve(asked);
    let fresh = request.fresh;
    const deadline = Date.now() + leaseMs(upstream);
    for (;;) {
      // Read first: an answer archived after this, by any process, is one the journal will not buy again.
      const seen = await archive.purchaseOf(request.key);
      if (!fresh) {
        const archived = await archive.servable(request.key, request.route.operation, request.params);
        if (archived) {
          metrics.servedFree(request.route.operation, 'archive', archived.credits);
          return archivedAnswer(archived);
        }
      }
      // A viewer reads what is already bought, free, and buys nothing: refused before any journal entry.
      if (request.person?.role === 'viewer')
        return failedPurchase(
          normalisedError(
            403,
            'viewer-cannot-spend',
            `Not sent, nothing charged: ${request.person.name} is a viewer, and this page has not been bought yet. Viewers read everything already bought, free; ask an admin to make you a member to buy pages.`,
          ),
        );
      const bought = await buy(request, seen);
      if (bought.kind === 'answer') return bought.answer;
      if (bought.kind === 'wait') {
        if (Date.now() >= deadline)
          return failedPurchase(
            normalisedError(
              503,
              'upstream',
              'Not sent, nothing charged: a call whose price is not known yet has been in flight too long for this one to go beside it under your credit limit. Try again in a moment.',
              { charged: 'no' },
            ),
          );
        await sleep(WAIT_STEP_MS);
        continue;
      }
      // Another process is buying this very page: its answer, once archived, is as fresh as ours would be.
      fresh = false;
      while (Date.now() < deadline && (await archive.isPending(bought.id))) await sleep(WAIT_STEP_MS);
      if (Date.now() >= deadline)
        return failedPurchase(
          normalisedError(
            504,
            'upstream',
            'Another creditscope process is still buying this page. Try again in a moment: it will be free once it lands.',
            { charged: 'no' },
          ),
        );
    }
  }

  async function buy(
    { route, params, key, jobId, person }: PurchaseRequest,
    archivedSeen: string | null,
  ): Promise<{ kind: 'answer'; answer: PurchaseResult } | { kind: 'in-flight'; id: string } | { kind: 'wait' }> {
    // No record, no spend: the request is journalled before it is sent, or it is not sent at all.
    let journal: Awaited<ReturnType<LedgerStore['journal']>>;
    try {
      journal = await ledger.journal({
        operation: route.operation,
        params,
        pageKey: key,
        reserve: prices.ceiling(route.operation),
        leaseMs: leaseMs(upstream),
        archivedSeen,
        jobId,
        person: person?.name ?? null,
      });
    } catch (error) {
      if (!(error instanceof LedgerWriteError)) throw error;
      return {
        kind: 'answer',
        answer: failedPurchase(
          normalisedError(
            507,
            'ledger',
            `Not sent, nothing charged: creditscope ${error.message}. Free some space, fix the permissions of CREDITSCOPE_DATA_DIR or the database, then try again.`,
          ),
        ),
      };
    }
    if (journal.kind === 'refused') {
      const { message, limitOwner } = journal.refusal;
      return { kind: 'answer', answer: failedPurchase(normalisedError(402, 'budget', message, { limitOwner })) };
    }
    if (journal.kind !== 'journalled') return journal;
    return { kind: 'answer', answer: await send(route, params, journal.id) };
  }

  async function send(route: Route, params: Record<string, unknown>, journalId: string): Promise<PurchaseResult> {
    const started = performance.now();
    const attemptHeaders: Record<string, string>[] = [];
    const outcome = await withRetries(async () => {
      const attemptStarted = performance.now();
      const result = await attemptOnce(upstream, route, params, redactor);
      metrics.upstreamAttempt(route.operation, (performance.now() - attemptStarted) / 1000);
      attemptHeaders.push(result.kept);
      return result;
    });
    const last = outcome.attempts[outcome.attempts.length - 1]!;
    // A call that may have been charged is booked at the going price, not as free.
    const credits =
      last.charged === 'unknown'
        ? (prices.current(route.operation) ?? '0')
        : outcome.attempts.reduce((sum, attempt) => sum.plus(attempt.credits), new Big(0)).toString();
    const { final } = outcome;
    const failure = final.failure;
    // A store that cannot take the settlement now gets it later: the answer is delivered either way.
    const row = await ledger.settleOrKeep(
      journalId,
      {
        operation: route.operation,
        params,
        status: last.status,
        credits,
        durationMs: Math.round(performance.now() - started),
        ok: failure === null,
        charged: last.charged,
        attempts: outcome.attempts,
        ...(failure ? { errorKind: failure.error.kind } : {}),
      },
      failure ? null : archiveWrite(route.operation, params, final.text, final.json),
      attemptHeaders,
    );
    prices.see(route.operation, row.credits, row.charged);
    // Counted here, once per paid call, by exactly what its row books (also when the store keeps it for later).
    metrics.paidCallSettled(
      route.operation,
      failure === null ? 'ok' : row.charged === 'unknown' ? 'unknown' : 'failed',
      row.credits,
    );

    exchanges.put(row.id, {
      request: {
        method: route.method,
        path: route.upstreamPath,
        params: route.method === 'GET' ? params : {},
        body: route.method === 'POST' ? params : null,
      },
      status: row.status,
      durationMs: row.durationMs,
      credits: row.credits,
      responseText: final.text,
      attemptHeaders,
    });
    const call = { callId: row.id, credits: row.credits, retryAfter: final.retryAfterHeader };
    if (failure) return failedPurchase(failure, call);
    return {
      status: row.status,
      text: final.text,
      source: 'upstream',
      charged: row.charged,
      ...call,
      boughtAt: null,
      failure: null,
    };
  }
}
