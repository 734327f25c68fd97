/**
 * What the server's copy of the app (src/entry-server.tsx, built by `vite build --ssr`) offers the server
 * (server/http/render.ts): one module of types both import, so neither restates the other's.
 */
import type { PaidOperation } from './identity';
import type { DateStyle } from './dates/date-style';
import type { LookupAnswer } from './lookup';

/** The proxy's answer to a paid call, read as the browser reads one (src/api/client.ts). */
export interface PaidResponse {
  json: unknown;
  /** Ledger id of the call, for the request inspector. */
  callId: string | null;
  /** Exact decimal the proxy recorded for this call. */
  credits: string;
  /** When it was bought: the server's `x-creditscope-bought-at` when it says (archived, or inlined in a rendered page); else the purchaser sets it on arrival. */
  boughtAt?: number;
  /**
   * Served free from the server's archive of pages bought before (by any browser): `callId` is that
   * purchase and `boughtAt` its time, and nothing was spent now.
   */
  fromArchive?: boolean;
}

/**
 * What the server answered for this document's first timeline or search page (server/http/render.ts).
 *
 * A rendered page carries it in its dehydrated query cache (src/entry-server.tsx) and names it on its root:
 * which purchase it opened with, and the ledger id when the server bought it for this navigation.
 *
 * A page the server could not render with its answer (not found, refused, failed) is the app's own HTML with
 * the answer inlined as JSON (not a script: the CSP needs no hash for it), handed to the purchase module as the
 * early fetch's response, so the app reads it exactly as if it had asked and the proxy is not asked twice.
 */
export interface ServerAnswer {
  status: number;
  text: string;
  headers: Record<string, string>;
}
export interface InlinedPage {
  operation: PaidOperation;
  params: Record<string, unknown>;
  answer: ServerAnswer;
}

/** The first page to render with: which purchase, and the proxy's answer read as the browser reads one. */
export interface ServerPage {
  operation: PaidOperation;
  params: Record<string, unknown>;
  answer: PaidResponse;
}

/**
 * What the server does with an address: render it with the first page of a timeline or search (bought or
 * archived), render it with no data, or leave it to the SPA.
 */
export type PagePlan =
  { kind: 'purchase'; operation: PaidOperation; params: Record<string, unknown> } | { kind: 'page' } | { kind: 'spa' };

/** The build's files a rendered page names (from Vite's manifest: server/http/page-assets.ts). */
export interface PageAssets {
  /** The app's entry module, asked for by `script` once the page has painted. */
  entry: string;
  /** The entry's style sheets: cacheable files, shared with every other page. */
  styleSheets: string[];
  /** Modules the entry (and this route) will ask for, fetched while the page is read. */
  modulePreloads: string[];
  /** The script that asks for the entry after the first paint (server/http/load-after-paint.ts). */
  script: string;
}

export interface RenderOptions {
  /** The document request as the browser sent it (its address, and its signal: a closed connection stops the render). */
  request: Request;
  page: ServerPage | null;
  /**
   * Which of the pages `pricedKeys` named the archive would serve free now, as `/api/_history/lookup` answers (read
   * beside the meter: the store only); null if the store could not say.
   */
  prices: LookupAnswer | null;
  /** The browser's zone and locale as it reported them, and the moment the page is written at. */
  dates: Required<DateStyle>;
  /** /api/_session without rows. */
  meter: unknown;
  /** This response's CSP nonce: every inline script of the page carries it. */
  nonce: string;
  assets: PageAssets;
}

export interface ServerEntry {
  /** Read with the route's own search schema, so the server buys exactly the page the component will show. */
  planPage(href: string): PagePlan;
  /** The purchase keys of the pages this first page's screen offers with a price (Load more's, the pager's). */
  pricedKeys(page: ServerPage): string[];
  /** The document up to #root, the same for every page: sent before the first page is looked up or bought. */
  pageHead(nonce: string, assets: PageAssets): string;
  /** The page after its head, streamed, with its query cache dehydrated into it; null when the router would not render this address as it is. */
  renderPage(options: RenderOptions): Promise<Response | null>;
  /** The app's page after its head, unrendered, with the server's answer for its first page beside it (null: none, the app asks). */
  answerBody(inlined: InlinedPage | null, nonce: string, assets: PageAssets): string;
}
