import type { QueryClient } from '@tanstack/react-query';
import type { PriceLookup, ServerPage } from '../contract/render';

/** What every route's loader and beforeLoad are given (src/routes/__root.tsx), per router: per request on a server. */
export interface AppRouterContext {
  queryClient: QueryClient;
  /**
   * Server rendering only (src/entry-server.tsx): the first page the server bought or took from its archive for
   * this request. The route's loader puts it in the query cache, which the page carries to the browser dehydrated.
   */
  serverFirstPage?: ServerPage | null;
  /** Server rendering only: the archive's price look-up, so the first screen's controls show their prices in the HTML. */
  serverLookup?: PriceLookup | null;
}
