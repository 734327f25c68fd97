import { readApiResponse, sendApiRequest, type PaidResponse } from './client';
import './early/early-purchase';
import { forgetPurchase, recentPurchase, rememberPurchase } from './recent-purchases';
import { canonicalParams, purchaseKey, SEARCH_PATH, timelineRequestPath, type PaidOperation } from './identity';

/**
 * The one place a paid request starts. A purchase is an event, not a component's side effect:
 * - keyed by the page's canonical identity (src/api/identity.ts), so every asker of one page shares it;
 * - single-flight: concurrent askers (StrictMode's second mount, a sentinel racing a button) get one request;
 * - never aborted once sent: no signal reaches fetch, because the bytes are paid for whoever still waits;
 * - its answer is handed to `land` even when nobody is mounted, and kept for the next asker of the same
 *   page (in this document, and for a day in a small synchronous journal across documents and tabs),
 *   until an explicit re-buy `forget`s it.
 */
export interface Purchase { operation: PaidOperation; params: Record<string, unknown> }

const inFlight = new Map<string, Promise<PaidResponse>>();
const landers = new Set<(purchase: Purchase, answer: PaidResponse) => void>();

function send(purchase: Purchase): Promise<Response> {
  const params = canonicalParams(purchase.operation, purchase.params);
  return purchase.operation === 'timeline'
    ? sendApiRequest(timelineRequestPath(params))
    : sendApiRequest(SEARCH_PATH, { method: 'POST', body: params });
}

/** The early first-page fetch from index.html, adopted once by the purchase with its key. */
function adoptEarly(key: string): Promise<Response> | null {
  const early = typeof window === 'undefined' ? undefined : window.__creditscopeEarly;
  if (!early || early.key !== key) return null;
  window.__creditscopeEarly = undefined;
  return early.response;
}

export function keyOf(purchase: Purchase): string {
  return purchaseKey(purchase.operation, purchase.params);
}

/** Asks for a page: an answer already bought in this document, the request on its way, or a new request. */
export function buy(purchase: Purchase): Promise<PaidResponse> {
  const key = keyOf(purchase);
  const done = recentPurchase(key);
  if (done) return Promise.resolve(done);
  const pending = inFlight.get(key);
  if (pending) return pending;
  const request = readApiResponse(adoptEarly(key) ?? send(purchase)).then(
    (received) => {
      const answer = { ...received, boughtAt: Date.now() };
      inFlight.delete(key);
      rememberPurchase(key, answer);
      for (const land of landers) land(purchase, answer);
      return answer;
    },
    (error: unknown) => { inFlight.delete(key); throw error; },
  );
  inFlight.set(key, request);
  return request;
}

/** Before an explicit, priced re-buy (Refresh, Check for new posts): the next `buy` of this page pays again. */
export function forget(purchase: Purchase) {
  forgetPurchase(keyOf(purchase));
}

/** Where finished purchases land whoever asked: the query cache registers itself here. */
export function onPurchaseLanded(land: (purchase: Purchase, answer: PaidResponse) => void): () => void {
  landers.add(land);
  return () => landers.delete(land);
}

/** For tests: the requests on their way now. */
export function purchasesInFlight(): number {
  return inFlight.size;
}
