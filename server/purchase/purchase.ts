import Big from 'big.js';
import type { ServerResponse } from 'node:http';
import { canonicalParams, FROM_ARCHIVE, HEADER, purchaseKey, type PaidOperation } from '../../src/contract/index.ts';
import type { Person } from '../identity/people.ts';
import type { Operation } from '../ledger/rows.ts';
import type { ServerMetrics } from '../observe/metrics.ts';
import { normalisedError } from '../proxy/errors.ts';
import type { ExchangeStore } from '../proxy/inspector-store.ts';
import { OPERATIONS, type Route } from '../proxy/operations.ts';
import type { Prices } from '../proxy/prices.ts';
import type { Redactor } from '../proxy/redact.ts';
import { paramsProblem } from '../proxy/validate.ts';
import { LedgerWriteError, storeUnavailable } from '../store/errors.ts';
import type { Store } from '../store/store.ts';
import type { JournalResult } from '../store/write-path/journal.ts';
import { archivedAnswer, failedPurchase, type PurchaseResult } from './purchase-result.ts';
import { archiveWrite, attemptOnce, attemptWithRetries, type Upstream } from './upstream.ts';

/** What a purchase uses: one set per process (server/proxy/services.ts), shared by the browser's routes, jobs and SSR. */
export interface PurchaseServices {
  store: Store;
  upstream: Upstream;
  /** Takes the token out of everything the upstream sends, in any encoding (an error page may echo it). */
  redactor: Redactor;
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
  /** Only the archive's free copy will do: never bought (a browser replacing its own older copy, free). Wins over `fresh`. */
  archivedOnly?: boolean;
  /** The collection job asking: written on its ledger row. */
  jobId?: string;
  /** The watch whose run asks (#37): written on its ledger row. */
  watchId?: string;
  /** Who is buying (#28): the row is theirs and so is the limit it counts against; a viewer is served only what is archived. */
  person?: Pick<Person, 'name' | 'role'> | null;
  /** Whether the credential the request came with (a key, a sign-in) still names its person: asked after a wait. */
  stillAsking?: () => Promise<boolean>;
}

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
export async function buyPage(services: PurchaseServices, request: PurchaseRequest): Promise<PurchaseResult> {
  try {
    return await obtain(services, request);
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
}

/** The page's free copy as the purchaser serves it, counted as served free; null: the archive has none to serve now. */
export async function freePage(
  { store, metrics }: Pick<PurchaseServices, 'store' | 'metrics'>,
  page: { operation: Operation; params: Record<string, unknown>; key: string },
): Promise<PurchaseResult | null> {
  const archived = await store.archive.freeCopy(page);
  if (!archived) return null;
  metrics.servedFree(page.operation, 'archive', archived.credits);
  return archivedAnswer(archived);
}

/**
 * A server-rendered page's first page, as /api would answer it: the archive's free copy, or, only when `mayBuy`
 * (a navigation the person made), a purchase recorded as any other. Null: neither (the page renders its priced button).
 */
export async function renderedFirstPage(
  services: PurchaseServices,
  page: { operation: PaidOperation; params: Record<string, unknown>; mayBuy: boolean; person: Person | null },
): Promise<PurchaseResult | null> {
  const params = canonicalParams(page.operation, page.params);
  const key = purchaseKey(page.operation, params);
  const free = await freePage(services, { operation: page.operation, params, key });
  if (free) return free;
  const route = Object.values(OPERATIONS).find((candidate) => candidate.operation === page.operation);
  if (!page.mayBuy || !route || paramsProblem(route, params)) return null;
  return buyPage(services, { route, params, key, fresh: false, person: page.person });
}

async function obtain(services: PurchaseServices, asked: PurchaseRequest): Promise<PurchaseResult> {
  const { archive } = services.store;
  // The page as the archive files it (a rest_id whose handle an answer has told us is the handle's page).
  const request = { ...asked, ...(await archive.samePage({ ...asked, operation: asked.route.operation })) };
  let fresh = request.fresh && !request.archivedOnly;
  let again = false;
  const deadline = Date.now() + leaseMs(services.upstream);
  for (;;) {
    // Read first: an answer archived after this, by any process, is one the journal will not buy again.
    const seen = await archive.purchaseOf(request.key);
    if (!fresh) {
      const free = await freePage(services, { ...request, operation: request.route.operation });
      if (free) return free;
    }
    // Asked for the archive's copy only, and it has none to serve now (or it aged out since the look-up): nothing sent.
    if (request.archivedOnly)
      return failedPurchase(
        normalisedError(
          404,
          'not_found',
          'Not sent, nothing charged: the archive holds no free copy of this page now, and this request asked for the archive only.',
          { charged: 'no' },
        ),
      );
    // A viewer reads what is already bought, free, and buys nothing: refused before any journal entry.
    if (request.person?.role === 'viewer') return notAllowed('viewer', request.person.name);
    // Asked again after waiting: the key or sign-in it came with may have been revoked meanwhile.
    if (again && request.stillAsking && !(await request.stillAsking()))
      return failedPurchase(
        normalisedError(
          403,
          'auth',
          'Not sent, nothing charged: the key or sign-in this request came with was revoked, or signed out, while it waited for another call to settle.',
        ),
      );
    again = true;
    const bought = await journalThenSend(services, request, seen);
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
    // Bought by this process a moment ago, its answer kept until the store takes the write it refused: waiting for it
    // would be waiting for the store.
    if (services.store.ledger.settlements.isKept(bought.id))
      return failedPurchase(
        normalisedError(
          503,
          'ledger',
          'Not sent, nothing charged: this page was bought a moment ago, and its answer is waiting for the store to take it (the store refused the write: a full disk, or a database that stopped). It is not bought again; it opens free once the store takes it.',
          { charged: 'no' },
        ),
      );
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

/** A buyer who may not buy now: a viewer reads only what is bought; a removed person nothing. */
function notAllowed(standing: 'viewer' | 'removed', name: string): PurchaseResult {
  return failedPurchase(
    standing === 'viewer'
      ? normalisedError(
          403,
          'viewer-cannot-spend',
          `Not sent, nothing charged: ${name} is a viewer, and this page has not been bought yet. Viewers read everything already bought, free; ask an admin to make you a member to buy pages.`,
        )
      : normalisedError(
          403,
          'auth',
          `Not sent, nothing charged: ${name} was removed from this creditscope by an admin, and buys nothing more.`,
        ),
  );
}

/** No record, no spend: the request is journalled before it is sent, or it is not sent at all. */
async function journalThenSend(
  services: PurchaseServices,
  { route, params, key, jobId, watchId, person }: PurchaseRequest,
  archivedSeen: string | null,
): Promise<{ kind: 'answer'; answer: PurchaseResult } | { kind: 'in-flight'; id: string } | { kind: 'wait' }> {
  let journal: JournalResult;
  try {
    journal = await services.store.ledger.journal.record({
      operation: route.operation,
      params,
      pageKey: key,
      reserve: services.prices.ceiling(route.operation),
      leaseMs: leaseMs(services.upstream),
      archivedSeen,
      jobId,
      watchId,
      person: person?.name ?? null,
    });
  } catch (error) {
    if (!(error instanceof LedgerWriteError)) throw error;
    return {
      kind: 'answer',
      answer: failedPurchase(
        normalisedError(507, 'ledger', `Not sent, nothing charged: creditscope ${error.message}. ${error.advice}`),
      ),
    };
  }
  if (journal.kind === 'refused') {
    const { message, limitOwner } = journal.refusal;
    return { kind: 'answer', answer: failedPurchase(normalisedError(402, 'budget', message, { limitOwner })) };
  }
  if (journal.kind === 'not-allowed') return { kind: 'answer', answer: notAllowed(journal.standing, journal.person) };
  if (journal.kind !== 'journalled') return journal;
  return { kind: 'answer', answer: await send(services, route, params, journal.id) };
}

/** The journalled call sent (retried where nothing can have been charged) and settled with its archived answer. */
async function send(
  { store, upstream, redactor, exchanges, prices, metrics }: PurchaseServices,
  route: Route,
  params: Record<string, unknown>,
  journalId: string,
): Promise<PurchaseResult> {
  const started = performance.now();
  const attemptHeaders: Record<string, string>[] = [];
  const outcome = await attemptWithRetries(async () => {
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
  const row = await store.ledger.settlements.settleOrKeep(
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

// The browser's purchases: each page's flight, and its answer written for every asker.

interface Flight {
  askers: ServerResponse[];
  done: Promise<void>;
}

/**
 * Single flight per purchase key: identical requests that arrive while a purchase is in flight
 * ride on it and get the same answer, call id and ledger row. An answer nobody stayed for is not
 * lost: it is in the archive, and the next request for the page gets it free. One per process's services.
 */
export class Flights {
  private readonly flights = new Map<string, Flight>();

  serve(key: string, response: ServerResponse, buy: () => Promise<PurchaseResult>): Promise<void> {
    const flying = this.flights.get(key);
    if (flying) {
      flying.askers.push(response);
      return flying.done;
    }
    const flight: Flight = { askers: [response], done: Promise.resolve() };
    this.flights.set(key, flight);
    flight.done = this.fly(key, flight, buy);
    return flight.done;
  }

  private async fly(key: string, flight: Flight, buy: () => Promise<PurchaseResult>) {
    let result: PurchaseResult;
    try {
      result = await buy();
    } catch (error) {
      // Every rider must hear something; whether the upstream was reached is not known here.
      const failure = normalisedError(500, 'upstream', `creditscope proxy failed: ${(error as Error).message}`, {
        charged: 'unknown',
      });
      result = failedPurchase(failure);
    } finally {
      this.flights.delete(key);
    }
    sendPurchase(flight.askers, result);
  }
}

/**
 * The browser's way in to the purchaser it shares with collection jobs (server/jobs): a page asked for
 * again while its purchase is in flight rides on it. `params` are canonical (paid-routes.ts).
 */
export function buyForAskers(
  services: PurchaseServices & { flights: Flights },
  route: Route,
  params: Record<string, unknown>,
  asked: { fresh: boolean; archivedOnly: boolean },
  response: ServerResponse,
  { person, stillAsking }: Pick<PurchaseRequest, 'person' | 'stillAsking'> = {},
): Promise<void> {
  const key = purchaseKey(route.operation, params);
  // One flight per page and person: each person's purchase is theirs, under their own limit (a second
  // person's request for a page in flight waits for it in the journal and is served the archived answer, free).
  // An archive-only ask flies apart: riding a purchase would hand it a bought answer it never asked to pay for.
  const flight = [key, person?.name, asked.archivedOnly ? 'archived-only' : undefined]
    .filter((part) => part !== undefined)
    .join('\u0000');
  return services.flights.serve(flight, response, () =>
    buyPage(services, { route, params, key, ...asked, person, stillAsking }),
  );
}

/**
 * A purchase's result as HTTP headers (src/contract/headers.ts says what each means): the one place they are
 * written from it, for the proxy's answers and for the answer a server-rendered page inlines.
 */
export function purchaseHeaders(result: PurchaseResult): Record<string, string> {
  return {
    ...(result.retryAfter !== null ? { 'retry-after': result.retryAfter } : {}),
    ...(result.source === 'archive' ? { [HEADER.source]: FROM_ARCHIVE } : {}),
    ...(result.boughtAt !== null ? { [HEADER.boughtAt]: result.boughtAt } : {}),
    ...(result.callId !== null ? { [HEADER.callId]: result.callId } : {}),
    ...(result.credits !== null ? { [HEADER.credits]: result.credits } : {}),
    [HEADER.charged]: result.charged,
  };
}

/**
 * Sends one purchase's result to every asker still connected: one, or all who rode on its flight.
 * Written on the raw responses (the paid routes hijack their replies): one answer goes to several requests.
 */
function sendPurchase(responses: ServerResponse[], result: PurchaseResult) {
  const headers = purchaseHeaders(result);
  for (const response of responses) {
    if (response.destroyed) continue;
    response.writeHead(result.status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    });
    response.end(result.text);
  }
}
