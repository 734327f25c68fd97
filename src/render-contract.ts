/**
 * What the server's copy of the app (src/entry-server.tsx, built by `vite build --ssr`) offers the server
 * (server/http/render.ts): one module of types both import, so neither restates the other's.
 */
import type { PaidResponse } from './api/client';
import type { InlinedPage } from './api/early/server-answer';
import type { PaidOperation } from './contract/identity';
import type { DateStyle } from './lib/date-style';

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
  /** The page streamed, with its query cache dehydrated into it; null when the router would not render this address as it is. */
  renderPage(options: RenderOptions): Promise<Response | null>;
  /** The app's page, unrendered, with the server's answer for its first page beside it. */
  answerPage(inlined: InlinedPage, nonce: string, assets: PageAssets): string;
}
