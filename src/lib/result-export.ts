import { csvLineOf } from './csv';
import { safeHttpUrl, siteDomain } from './url';

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
  const href = safeHttpUrl(url);
  return { rank, page, title, url, domain: href ? siteDomain(href) : null, snippet, query };
}

/** A raw upstream search item's own fields, as far as they are text. */
export function resultFieldsOf(item: unknown): { title: string | null; url: string | null; snippet: string | null } {
  const record = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
  const textOf = (key: string) => (typeof record[key] === 'string' ? record[key] : null);
  return { title: textOf('title'), url: textOf('url'), snippet: textOf('snippet') };
}

export function resultRowsCsv(rows: readonly ResultExportRow[]): string {
  return `${RESULT_COLUMNS.join(',')}\r\n${rows.map((row) => csvLineOf(RESULT_COLUMNS, row)).join('')}`;
}
