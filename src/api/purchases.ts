import { readApiResponse, REFRESH_HEADER, sendApiRequest, type PaidResponse } from './client';
import { isPrerendering, whenShown } from './early/arrival';
import './early/early-purchase';
import { forgetPurchase, recentPurchase, rememberPurchase } from './recent-purchases';
import { landPurchase, type Purchase } from './purchase-landing';
import { canonicalParams, purchaseKey, SEARCH_PATH, timelineRequestPath } from './identity';

/**
 * The one place a paid request starts. A purchase is an event, not a component's side effect:
 * - keyed by the page's canonical identity (src/api/identity.ts), so every asker of one page shares it;
 * - single-flight: concurrent askers (StrictMode's second mount, a sentinel racing a button) get one request;
 * - never aborted once sent: no signal reaches fetch, because the bytes are paid for whoever still waits;
 * - its answer is handed to `land` even when nobody is mounted, and kept for the next asker of the same
 *   page (in this document, and for a day in a small synchronous journal across documents and tabs),
 *   until an explicit re-buy `forget`s it.
 */
export type { Purchase } from './purchase-landing';

const inFlight = new Map<string, Promise<PaidResponse>>();
/** Pages whose next `buy` is an explicit re-buy: the server must not hand back its archived copy either. */
const rebuys = new Set<string>();

function send(purchase: Purchase, fresh: boolean): Promise<Response> {
  const params = canonicalParams(purchase.operation, purchase.params);
  const headers = fresh ? { ...REFRESH_HEADER } : undefined;
  const request = () =>
    purchase.operation === 'timeline'
      ? sendApiRequest(timelineRequestPath(params), { headers })
      : sendApiRequest(SEARCH_PATH, { method: 'POST', body: params, headers });
  // A prerendering document buys nothing until it is shown (the proxy refuses its requests too).
  return isPrerendering() ? whenShown().then(request) : request();
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
  // Taken even when the page is already on its way: that answer is the one asked for, and a re-buy
  // left waiting here would make some later, unasked open of this page pay again.
  const fresh = rebuys.delete(key);
  const done = recentPurchase(key);
  if (done) return Promise.resolve(done);
  const pending = inFlight.get(key);
  if (pending) return pending;
  const request = readApiResponse((fresh ? null : adoptEarly(key)) ?? send(purchase, fresh)).then(
    (received) => {
      const answer = { ...received, boughtAt: received.boughtAt ?? Date.now() };
      inFlight.delete(key);
      rememberPurchase(key, answer);
      landPurchase(purchase, answer);
      return answer;
    },
    (error: unknown) => {
      inFlight.delete(key);
      throw error;
    },
  );
  inFlight.set(key, request);
  return request;
}

/**
 * Before an explicit, priced re-buy (Refresh, Show newer): the next `buy` of this page pays again, neither
 * this browser's copy nor the server's archive standing in for it. Every other `buy` is served free from
 * the archive when it holds the page.
 */
export function forget(purchase: Purchase) {
  const key = keyOf(purchase);
  forgetPurchase(key);
  rebuys.add(key);
}

/** For tests: the requests on their way now. */
export function purchasesInFlight(): number {
  return inFlight.size;
}
