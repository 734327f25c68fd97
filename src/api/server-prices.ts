import type { AppRouterContext } from '../app/router-context';
import { archiveLookupKeys, freeCopyOf } from './archive-lookup';
import { purchaseKeyOf, type PageToFetch } from './use-price';

/**
 * On a server rendering a page (a route's loader): the archive's answer for each page its first screen's controls
 * would buy goes into the query cache the page carries, so the HTML shows their prices ("0.1 credits", "0 credits ·
 * from archive"), not "checking price…", before the app runs, and the app does not ask again. A click made before
 * then is replayed only at the price it was made at (src/lib/held-clicks.ts). If the store cannot answer, the
 * controls say "checking price…" and the browser asks, as on a page it renders itself.
 */
export async function seedServerPrices({ queryClient, serverLookup }: AppRouterContext, pages: PageToFetch[]) {
  if (!import.meta.env.SSR || !serverLookup || pages.length === 0) return;
  const keys = pages.map(purchaseKeyOf);
  const answer = await serverLookup(keys).catch(() => null);
  if (!answer) return;
  for (const key of keys) queryClient.setQueryData(archiveLookupKeys.page(key), freeCopyOf(answer.pages[key]));
}
