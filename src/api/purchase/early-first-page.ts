/**
 * Inlined into index.html by the build (server/build/inline-early-fetch.ts) and run before the
 * bundle loads: starts the first timeline page a person opened, so it is on its way while the
 * JavaScript downloads. The purchaser (./purchaser.ts) adopts it by key as the query function's
 * request, so StrictMode, a slow bundle or a second asker never buy the page again.
 */
import { HEADER } from '../../contract/headers';
import { canonicalTimeline, purchaseKey, timelineRequestPath } from '../../contract/identity';
import '../early/early-purchase';
import { arrivalAllowsAutoBuy } from './arrival';
import { handleOfId, isFirstPageBought } from './first-page-index';

function startEarlyPurchase() {
  const url = new URL(location.href);
  if (url.pathname !== '/timeline' || !arrivalAllowsAutoBuy()) return;
  const restId = url.searchParams.get('rest_id')?.replace(/^"|"$/g, '');
  const params = canonicalTimeline({
    screen_name:
      url.searchParams.get('screen_name')?.replace(/^"|"$/g, '') || (restId ? handleOfId(restId) : undefined),
    rest_id: restId,
  });
  const valid = params.screen_name
    ? /^[a-z0-9_]{1,50}$/.test(params.screen_name)
    : Boolean(params.rest_id && /^\d{1,25}$/.test(params.rest_id));
  if (!valid) return;
  const path = timelineRequestPath(params);
  // Already bought: the persisted cache shows it for free.
  if (isFirstPageBought(path)) return;
  window.__creditscopeEarly = {
    key: purchaseKey('timeline', params),
    path,
    response: fetch(path, { credentials: 'same-origin', headers: { [HEADER.client]: '1' } }),
  };
}

try {
  startEarlyPurchase();
} catch {
  // The app asks for the page itself.
}
