import { csvLineOf } from './csv';
import { RESULT_COLUMNS, type ResultExportRow } from './result-export';

// Apart from the row rule (src/contract/export/result-export.ts), which the search page loads: CSV writing is loaded on the click.

/** A raw upstream search item's own fields, as far as they are text. */
export function resultFieldsOf(item: unknown): { title: string | null; url: string | null; snippet: string | null } {
  const record = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
  const textOf = (key: string) => (typeof record[key] === 'string' ? record[key] : null);
  return { title: textOf('title'), url: textOf('url'), snippet: textOf('snippet') };
}

export function resultRowsCsv(rows: readonly ResultExportRow[]): string {
  return `${RESULT_COLUMNS.join(',')}\r\n${rows.map((row) => csvLineOf(RESULT_COLUMNS, row)).join('')}`;
}
