import type { CanonicalSearch } from '../../contract/identity';
import type { SearchPage } from '../../contract/upstream/types';
import { resultExportRow, type ResultExportRow } from '../../contract/export/result-export';

/** One page of a search as the query cache holds it, under its canonical identity. */
export interface LoadedPage {
  search: CanonicalSearch;
  data: SearchPage;
}

/** Every loaded result in page order, ranked as the pages showed them, in the columns every result export has. */
export function resultRows(pages: readonly LoadedPage[]): ResultExportRow[] {
  return pages.flatMap(({ search, data }) => {
    const page = Number(search.page);
    return data.results.map((result, index) =>
      resultExportRow({
        rank: (page - 1) * search.num + index + 1,
        page,
        title: result.title,
        url: result.url,
        query: search.q,
      }),
    );
  });
}

export function resultsJson(rows: readonly ResultExportRow[]): string {
  return `${JSON.stringify(rows, null, 2)}\n`;
}

/** One line a page, in the shape of the History page's archive export, so the two files can be read alike. */
export function rawPagesNdjson(pages: readonly LoadedPage[]): string {
  return pages
    .filter(({ data }) => data.raw !== undefined)
    .map(
      ({ search, data }) =>
        `${JSON.stringify({
          operation: 'search',
          params: search,
          boughtAt: new Date(data.boughtAt).toISOString(),
          credits: data.credits,
          purchaseId: data.callId,
          answer: data.raw,
        })}\n`,
    )
    .join('');
}

/** `search-rust-async-2026-11-23.csv`: a file name that says which search and when. */
export function searchFileName(
  q: string,
  kind: 'results' | 'raw-pages',
  extension: 'csv' | 'json' | 'ndjson',
  now = new Date(),
): string {
  const slug = q
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  return `search-${slug ? `${slug}-` : ''}${kind}-${now.toISOString().slice(0, 10)}.${extension}`;
}
