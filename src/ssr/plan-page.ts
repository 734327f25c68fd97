import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { targetOf } from '../features/timeline/params';
import type { TimelineSearch } from '../features/timeline/route-schema';
import { toApiParams } from '../features/search/params';
import type { SearchRouteParams } from '../features/search/route-schema';
import type { PagePlan } from '../contract/render';
import { createAppRouter } from '../router';

/**
 * What the server does with an address, read with the routes' own search schemas, so the server buys exactly the
 * page the component will show: the first page of a timeline or search, a page with no data, or the SPA's.
 */
export function planPage(href: string): PagePlan {
  const router = createAppRouter(new QueryClient(), createMemoryHistory({ initialEntries: [href] }));
  const match = router.matchRoutes(router.latestLocation).at(-1);
  if (match?.routeId === '/search') {
    const params = toApiParams(match.search as SearchRouteParams);
    return params.q ? { kind: 'purchase', operation: 'search', params: { ...params } } : { kind: 'page' };
  }
  if (match?.routeId !== '/timeline') return { kind: 'spa' };
  const target = targetOf(match.search as TimelineSearch);
  if (!target) return { kind: 'page' };
  // A user id is resolved to its handle in the browser's own records: the browser renders that.
  return 'screenName' in target
    ? { kind: 'purchase', operation: 'timeline', params: { screen_name: target.screenName.toLowerCase() } }
    : { kind: 'spa' };
}
