import { siteDomain } from '../url';

/**
 * One shape for a web search result in every export (the search page's, a job's, Find's; CSV and JSON alike).
 * A result is not a post: it keeps its own columns, so files from the three places line up column for column.
 * Pure: the browser's exports and the server's job export both use it.
 *
 * `rank` is its place in the search (page 2 of ten starts at 11), `domain` the site it is on, `snippet` the text
 * shown with it when there is one (the upstream sends title and url only; Find's matched text is a snippet),
 * `query` the search that found it.
 */
export const RESULT_COLUMNS = ['rank', 'page', 'title', 'url', 'domain', 'snippet', 'query'] as const;

export type ResultColumn = (typeof RESULT_COLUMNS)[number];
export type ResultExportRow = Record<ResultColumn, string | number | null>;

export interface ResultFacts {
  rank: number | null;
  page: number | null;
  title: string | null;
  url: string | null;
  snippet?: string | null;
  query: string | null;
}

export function resultExportRow({ rank, page, title, url, snippet = null, query }: ResultFacts): ResultExportRow {
  // Only an http(s) address names a site (as only such an address becomes a link).
  return { rank, page, title, url, domain: url && /^https?:\/\//i.test(url) ? siteDomain(url) : null, snippet, query };
}
