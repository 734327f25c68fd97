import type { AppRouterContext } from '../app/router-context';
import { archiveLookupKeys, freeCopyOf } from './archive-lookup';

/**
 * On a server rendering a page (a route's loader): the archive's answer for each page the first screen offers
 * (src/ssr/priced-pages.ts), read beside the meter before rendering (server/http/render.ts), goes into the query
 * cache the page carries. The HTML then shows those prices ("0.1 credits", "0 credits · from archive"), not
 * "checking price…", before the app runs, and the app does not ask again; a click made before then is replayed
 * only at the price it was made at (src/lib/held-replay.ts). Without an answer (the store could not be read) the
 * controls say "checking price…" and the browser asks, as on a page it renders itself.
 */
export function seedServerPrices({ queryClient, serverPrices: prices }: AppRouterContext) {
  if (!import.meta.env.SSR || !prices) return;
  for (const [key, copy] of Object.entries(prices.pages))
    queryClient.setQueryData(archiveLookupKeys.page(key), freeCopyOf(copy));
}
