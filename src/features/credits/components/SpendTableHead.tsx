import type { SpendDimension } from '../../../api/spend';
import { DIMENSION_WORDS, nextSpendSort, type SpendSort, type SpendSortKey } from '../spend-view';

const COLUMNS: { key: SpendSortKey; label: string; numeric?: boolean; wide?: boolean }[] = [
  { key: 'key', label: '' },
  { key: 'calls', label: 'Calls', numeric: true },
  { key: 'credits', label: 'Credits', numeric: true },
  { key: 'lastAt', label: 'Last', wide: true },
];

/** The spend table's column headers: each one a button that sorts by it (again: the other way round). */
export function SpendTableHead({
  by,
  sort,
  onSort,
}: {
  by: SpendDimension;
  sort: SpendSort;
  onSort: (sort: SpendSort) => void;
}) {
  return (
    <thead>
      <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500 dark:border-slate-800 dark:text-slate-400">
        {COLUMNS.map(({ key, label, numeric, wide }) => (
          <th
            key={key}
            scope="col"
            className={`py-1.5 pr-3 font-medium ${numeric ? 'text-right' : ''} ${wide ? 'max-sm:hidden' : ''}`}
            aria-sort={sort.key === key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
          >
            <button
              type="button"
              className="inline-flex items-center gap-1 uppercase hover:text-slate-900 dark:hover:text-white"
              onClick={() => onSort(nextSpendSort(sort, key))}
            >
              {label || DIMENSION_WORDS[by].column}
              <span aria-hidden className="w-2">
                {sort.key === key ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
              </span>
            </button>
          </th>
        ))}
        <th scope="col" className="py-1.5 text-right font-medium max-sm:hidden">
          Share
        </th>
      </tr>
    </thead>
  );
}
