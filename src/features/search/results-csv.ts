import { postRowsCsv, webResultRow } from '../../lib/post-export';
import type { ResultRow } from './export';

/**
 * The CSV every post export writes (src/lib/post-export.ts), a result a row with its title and url, in rank
 * order. A module of its own, loaded on the click: the shared post columns are not part of the search page.
 */
export function resultsCsv(rows: readonly ResultRow[]): string {
  return postRowsCsv(rows.map(webResultRow));
}
