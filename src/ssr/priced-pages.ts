import type { SearchParams } from '../api/keys';
import { searchOnPage } from '../api/search';
import { serverTimelineData } from '../api/server-timeline-page';
import { nextCursorOfData } from '../api/timeline';
import { purchaseKeyOf, searchPage, timelinePage, type PageToFetch } from '../api/use-price';
import type { ServerPage } from '../contract/render';

/**
 * The pages a rendered page's first screen offers to buy, each with a price shown: Load more's page after a
 * timeline's first, the pages either side of a search's (the pager's Previous and Next).
 */
function pricedPages(first: ServerPage): PageToFetch[] {
  if (first.operation === 'timeline') {
    const next = nextCursorOfData(serverTimelineData(first));
    return next === null ? [] : [timelinePage({ screenName: String(first.params.screen_name) }, next)];
  }
  const params = first.params as unknown as SearchParams;
  const page = params.page ?? 1;
  return (page > 1 ? [page - 1, page + 1] : [page + 1]).map((other) => searchPage(searchOnPage(params, other)));
}

/**
 * Their purchase keys, which the server asks its archive about beside the meter (server/http/render.ts), so
 * rendering waits for nothing; the route's loader puts the answers in the page's cache (src/api/server-prices.ts).
 */
export function pricedKeys(first: ServerPage): string[] {
  return pricedPages(first).map(purchaseKeyOf);
}
