import { resultRowsCsv } from '../../contract/export/result-csv';
import type { ResultExportRow } from '../../contract/export/result-export';

/**
 * The CSV every result export writes (src/contract/export/result-export.ts), a result a row, in rank order. A module of its
 * own, loaded on the click: the CSV writing is not part of the search page.
 */
export function resultsCsv(rows: readonly ResultExportRow[]): string {
  return resultRowsCsv(rows);
}
