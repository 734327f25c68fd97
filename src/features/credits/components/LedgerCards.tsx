import type { LedgerRow } from '../../../api/session';
import { clockTime } from '../format';
import { paramsText, paramsWords, statusText } from '../ledger-text';
import type { Sort } from '../ledger-view';
import { creditsText } from '../../../lib/plural';

/** The table's sortable columns, as a phone can offer them: one choice, each in the direction people look for. */
const SORTS: { label: string; sort: Sort }[] = [
  { label: 'Newest first', sort: { key: 'at', direction: 'desc' } },
  { label: 'Oldest first', sort: { key: 'at', direction: 'asc' } },
  { label: 'Most credits', sort: { key: 'credits', direction: 'desc' } },
  { label: 'Slowest', sort: { key: 'durationMs', direction: 'desc' } },
  { label: 'Status, highest', sort: { key: 'status', direction: 'desc' } },
  { label: 'Operation', sort: { key: 'operation', direction: 'asc' } },
];
const sortId = (sort: Sort) => `${sort.key}:${sort.direction}`;

/**
 * The ledger on a narrow screen: one card per call, nothing cut off, every parameter wrapped in full.
 * A card is one button, so the whole of it opens the inspector, by touch or keyboard.
 */
export function LedgerCards({
  rows,
  sort,
  onSort,
  onInspect,
}: {
  rows: readonly LedgerRow[];
  sort: Sort;
  onSort: (sort: Sort) => void;
  onInspect: (id: string) => void;
}) {
  const options = SORTS.some((option) => sortId(option.sort) === sortId(sort))
    ? SORTS
    : [{ label: 'Current order', sort }, ...SORTS];
  return (
    <div className="space-y-2">
      <label className="flex items-center gap-2 text-xs font-medium text-slate-600 dark:text-slate-400">
        Sort
        <select
          value={sortId(sort)}
          onChange={(event) => onSort(options.find((option) => sortId(option.sort) === event.target.value)!.sort)}
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900"
        >
          {options.map((option) => (
            <option key={sortId(option.sort)} value={sortId(option.sort)}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <ul
        className="divide-y divide-slate-100 border-y border-slate-100 dark:divide-slate-900 dark:border-slate-900"
        data-testid="ledger-cards"
      >
        {rows.map((row) => (
          <li key={row.id} data-testid="ledger-row">
            <button
              type="button"
              onClick={() => onInspect(row.id)}
              className="block w-full px-1 py-2 text-left hover:bg-slate-50 dark:hover:bg-slate-900"
            >
              <span className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm tabular-nums">
                <span>
                  <span className="text-brand-700 dark:text-brand-500">{clockTime(row.at)}</span> · {row.operation}
                </span>
                <span className="font-semibold text-slate-900 dark:text-white">{creditsText(row.credits)}</span>
              </span>
              <span className="mt-0.5 flex flex-wrap gap-x-3 text-xs tabular-nums text-slate-600 dark:text-slate-400">
                <span className={row.ok ? '' : 'font-semibold text-red-700 dark:text-red-300'}>
                  status {statusText(row)}
                </span>
                <span>{row.durationMs} ms</span>
                {row.attempts.length > 1 && <span>{row.attempts.length} attempts</span>}
              </span>
              <span
                className="mt-0.5 block font-mono text-xs text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300"
                title={paramsText(row.params)}
              >
                {paramsWords(row.operation, row.params)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
