import { readApiResponse, REFRESH_HEADER, sendApiRequest, type PaidResponse } from '../client';
import '../early/early-purchase';
import { openingPurchaseKey } from '../early/server-answer';
import {
  canonicalParams,
  purchaseKey,
  SEARCH_PATH,
  timelineRequestPath,
  type PaidOperation,
} from '../../contract/identity';
import { isPrerendering, whenShown } from './arrival';
import type { PageOrigin } from './origin';

/**
 * The one place a paid request starts, called only by the timeline and search query functions: what was
 * bought lives in the query cache (and its persister), never here. A purchase is keyed by the page's
 * canonical identity (src/contract/identity.ts), and
 * - single-flight: concurrent askers of one page (StrictMode's second mount, a sentinel racing a button, two
 *   query keys or clients for one page) share one request;
 * - never aborted once sent: no signal reaches fetch, because the bytes are paid for whoever still waits
 *   (TanStack Query then keeps the fetch running when its observer goes, and the answer lands in the cache);
 * - a re-buy (`rebuy`, asked for by a priced control) sends the refresh header, so neither the early fetch
 *   nor the server's archive stands in for it.
 */
export interface Purchase {
  operation: PaidOperation;
  params: Record<string, unknown>;
}

export interface PaidAnswer extends PaidResponse {
  origin: PageOrigin;
}

const inFlight = new Map<string, Promise<PaidAnswer>>();

export function keyOf(purchase: Purchase): string {
  return purchaseKey(purchase.operation, purchase.params);
}

function send(purchase: Purchase, rebuy: boolean): Promise<Response> {
  const params = canonicalParams(purchase.operation, purchase.params);
  const headers = rebuy ? { ...REFRESH_HEADER } : undefined;
  const request = () =>
    purchase.operation === 'timeline'
      ? sendApiRequest(timelineRequestPath(params), { headers })
      : sendApiRequest(SEARCH_PATH, { method: 'POST', body: params, headers });
  // A prerendering document buys nothing until it is shown (the proxy refuses its requests too).
  return isPrerendering() ? whenShown().then(request) : request();
}

/** The early first-page fetch from index.html, or the answer a server-rendered document inlined: adopted once, by key. */
function adoptEarly(key: string): Promise<Response> | null {
  const early = typeof window === 'undefined' ? undefined : window.__creditscopeEarly;
  if (!early || early.key !== key) return null;
  window.__creditscopeEarly = undefined;
  return early.response;
}

function originOf(answer: PaidResponse, renderedByServer: boolean): PageOrigin {
  if (answer.fromArchive) return 'archive';
  return renderedByServer ? 'server-rendered' : 'paid-now';
}

/**
 * The answer a server-rendered page opened with (bought for this navigation, or the archive's copy), as the query
 * function's answer: the route loaders put it in the page's query cache (src/api/server-timeline-page.ts, server-search-page.ts).
 */
export function renderedAnswer(answer: PaidResponse): PaidAnswer {
  return { ...answer, origin: originOf(answer, true) };
}

/** Asks for a page: the request on its way, an adopted early or server answer, or a new request. */
export function buy(purchase: Purchase, { rebuy = false } = {}): Promise<PaidAnswer> {
  const key = keyOf(purchase);
  // A re-buy asked while the page is already on its way takes that answer: it is the one asked for.
  const pending = inFlight.get(key);
  if (pending) return pending;
  if (typeof window === 'undefined') {
    // Nothing is bought while rendering on a server: the server buys before it renders, and the route's loader
    // puts that answer in the query cache (src/api/server-timeline-page.ts, server-search-page.ts).
    return Promise.reject(new Error(`No answer was bought for ${key} before rendering`));
  }
  const early = rebuy ? null : adoptEarly(key);
  const renderedByServer = early !== null && key === openingPurchaseKey();
  const request = readApiResponse(early ?? send(purchase, rebuy)).then(
    (received): PaidAnswer => {
      inFlight.delete(key);
      return { ...received, boughtAt: received.boughtAt ?? Date.now(), origin: originOf(received, renderedByServer) };
    },
    (error: unknown) => {
      inFlight.delete(key);
      throw error;
    },
  );
  inFlight.set(key, request);
  return request;
}

/** For tests: the requests on their way now. */
export function purchasesInFlight(): number {
  return inFlight.size;
}
