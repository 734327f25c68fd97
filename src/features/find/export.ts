import type { FindHit } from '../../api/archive-search';
import { downloadText } from '../../lib/download';
import { postRow, postRowsCsv } from '../../contract/export/post-export';
import { resultRowsCsv } from '../../contract/export/result-csv';
import { resultExportRow } from '../../contract/export/result-export';

/** The posts among the found hits, in the export shape every post export shares: a file that lines up with a timeline's. */
export function findHitsCsv(hits: readonly FindHit[], origin = ''): string {
  return postRowsCsv(hits.flatMap((hit) => (hit.post ? [postRow(hit.post, { owner: hit.from.subject, origin })] : [])));
}

/** `search [["num","10"],["page","2"],["q","…"]]` (a purchase key, src/contract/identity.ts) → 2. */
function pageOfKey(pageKey: string): number | null {
  const page = /\["page","(\d+)"\]/.exec(pageKey)?.[1];
  return page ? Number(page) : null;
}

/**
 * The web results among the found hits, in the columns every result export has (the search page's, a job's): the
 * page it was bought on, the search that found it, the matched text as its snippet. Its rank on that page is not
 * kept with a hit, so it stays empty rather than guessed.
 */
export function findResultsCsv(hits: readonly FindHit[]): string {
  return resultRowsCsv(
    hits.flatMap((hit) =>
      hit.result
        ? [
            resultExportRow({
              rank: null,
              page: pageOfKey(hit.from.pageKey),
              title: hit.result.title,
              url: hit.result.url,
              snippet: hit.snippet.map((run) => run.text).join(''),
              query: hit.from.subject,
            }),
          ]
        : [],
    ),
  );
}

/** Saves the loaded hits' posts or results, a file each: imported on the click. */
export function saveFindHits(hits: readonly FindHit[], q: string, rows: 'posts' | 'results' = 'posts') {
  const slug = q.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 40) || rows;
  downloadText(
    `find-${slug}-${rows === 'results' ? 'results-' : ''}${new Date().toISOString().slice(0, 10)}.csv`,
    'text/csv;charset=utf-8',
    rows === 'results' ? findResultsCsv(hits) : findHitsCsv(hits, window.location.origin),
  );
}
