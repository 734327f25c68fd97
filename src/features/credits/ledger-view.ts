import type { LedgerRow } from '../../api/session';
import { compareDecimals } from '../../contract/decimal-math';

export type SortKey = 'at' | 'operation' | 'status' | 'credits' | 'durationMs';
export interface Sort {
  key: SortKey;
  direction: 'asc' | 'desc';
}
export interface LedgerFilter {
  operation: 'all' | LedgerRow['operation'];
  outcome: 'all' | 'ok' | 'failed';
  text: string;
}

export const NO_FILTER: LedgerFilter = { operation: 'all', outcome: 'all', text: '' };

/** What the free-text filter looks through: parameters, status, error kind and id. */
function haystack(row: LedgerRow): string {
  return [JSON.stringify(row.params), row.status, row.errorKind ?? '', row.id, row.operation].join(' ').toLowerCase();
}

export function filterRows(rows: readonly LedgerRow[], filter: LedgerFilter): LedgerRow[] {
  const needle = filter.text.trim().toLowerCase();
  return rows.filter(
    (row) =>
      (filter.operation === 'all' || row.operation === filter.operation) &&
      (filter.outcome === 'all' || (filter.outcome === 'ok') === row.ok) &&
      (!needle || haystack(row).includes(needle)),
  );
}

function compare(a: LedgerRow, b: LedgerRow, key: SortKey): number {
  switch (key) {
    // Credits are exact decimal strings: compared as decimals, never as floats or text.
    case 'credits':
      return compareDecimals(a.credits, b.credits);
    case 'status':
    case 'durationMs':
      return a[key] - b[key];
    default:
      return a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0;
  }
}

/** A stable sort: rows that compare equal keep their ledger order. */
export function sortRows(rows: readonly LedgerRow[], sort: Sort): LedgerRow[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => sign * compare(a.row, b.row, sort.key) || a.index - b.index)
    .map(({ row }) => row);
}

export function nextSort(current: Sort, key: SortKey): Sort {
  if (current.key !== key) return { key, direction: key === 'at' || key === 'operation' ? 'asc' : 'desc' };
  return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}
