import type { FindHit } from '../../api/archive-search';
import { downloadText } from '../../lib/download';
import { postRow, postRowsCsv } from '../../lib/post-export';

/** The posts among the found hits, in the export shape every post export shares: a file that lines up with a timeline's. */
export function findHitsCsv(hits: readonly FindHit[], origin = ''): string {
  return postRowsCsv(hits.flatMap((hit) => (hit.post ? [postRow(hit.post, { owner: hit.from.subject, origin })] : [])));
}

/** Saves the loaded hits' posts: imported on the click. */
export function saveFindHits(hits: readonly FindHit[], q: string) {
  const slug = q.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 40) || 'posts';
  downloadText(
    `find-${slug}-${new Date().toISOString().slice(0, 10)}.csv`,
    'text/csv;charset=utf-8',
    findHitsCsv(hits, window.location.origin),
  );
}
