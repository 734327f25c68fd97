import type { LedgerRow } from '../../../api/session';
import { clockTime } from '../format';
import { paramsText, paramsWords, statusText } from '../ledger-text';
import { nextSort, type Sort, type SortKey } from '../ledger-view';

const COLUMNS: { key: SortKey; label: string; numeric?: boolean }[] = [
  { key: 'at', label: 'Time' },
  { key: 'operation', label: 'Operation' },
  { key: 'status', label: 'Status', numeric: true },
  { key: 'credits', label: 'Credits', numeric: true },
  { key: 'durationMs', label: 'Duration', numeric: true },
];
/** The ledger rows as given (already filtered, sorted and cut to what is shown); a click or Enter on a row opens the inspector. */
export function LedgerTable({
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
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="ledger-table">
        <caption className="sr-only">
          Paid calls of this session. Column headers sort; a row opens the request inspector.
        </caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500 dark:border-slate-800 dark:text-slate-400">
            {COLUMNS.map(({ key, label, numeric }) => (
              <th
                key={key}
                scope="col"
                className={`py-1.5 pr-3 font-medium ${numeric ? 'text-right' : ''}`}
                aria-sort={sort.key === key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
              >
                <button
                  type="button"
                  className="inline-flex items-center gap-1 uppercase hover:text-slate-900 dark:hover:text-white"
                  onClick={() => onSort(nextSort(sort, key))}
                >
                  {label}
                  <span aria-hidden className="w-2">
                    {sort.key === key ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
                  </span>
                </button>
              </th>
            ))}
            <th scope="col" className="py-1.5 font-medium">
              Parameters
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.id}
              data-testid="ledger-row"
              onClick={() => onInspect(row.id)}
              className="cursor-pointer border-b border-slate-100 hover:bg-slate-50 dark:border-slate-900 dark:hover:bg-slate-900"
            >
              <td className="py-1.5 pr-3 tabular-nums">
                <button
                  type="button"
                  className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-500"
                  aria-label={`Inspect the ${row.operation} call at ${clockTime(row.at)}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    onInspect(row.id);
                  }}
                >
                  {clockTime(row.at)}
                </button>
              </td>
              <td className="py-1.5 pr-3">{row.operation}</td>
              <td
                className={`py-1.5 pr-3 text-right tabular-nums ${row.ok ? '' : 'font-semibold text-red-700 dark:text-red-300'}`}
              >
                {statusText(row)}
              </td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{row.credits}</td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{row.durationMs} ms</td>
              <td
                className="max-w-64 truncate py-1.5 font-mono text-xs text-slate-600 dark:text-slate-400"
                title={paramsText(row.params)}
              >
                {paramsWords(row.operation, row.params)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
