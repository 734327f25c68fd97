import type { QueryClient } from '@tanstack/react-query';
import type { LookupAnswer } from '../contract/lookup';
import type { ServerPage } from '../contract/render';

/** What every route's loader and beforeLoad are given (src/routes/__root.tsx), per router: per request on a server. */
export interface AppRouterContext {
  queryClient: QueryClient;
  /**
   * Server rendering only (src/entry-server.tsx): the first page the server bought or took from its archive for
   * this request. The route's loader puts it in the query cache, which the page carries to the browser dehydrated.
   */
  serverFirstPage?: ServerPage | null;
  /** Server rendering only: the archive's answer for the pages the first screen prices (src/api/server-prices.ts). */
  serverPrices?: LookupAnswer | null;
}
