import type { LedgerFilter } from '../ledger-view';
import { control, fieldLabel } from './control-style';

/** Operation, outcome and free text: each narrows the table, the exports follow what is shown. */
export function LedgerFilters({ filter, onChange }: { filter: LedgerFilter; onChange: (next: LedgerFilter) => void }) {
  return (
    <div role="group" aria-label="Filter the ledger" className="flex flex-wrap items-end gap-2">
      <label className={fieldLabel}>
        Operation
        <select
          className={control}
          value={filter.operation}
          onChange={(event) => onChange({ ...filter, operation: event.target.value as LedgerFilter['operation'] })}
        >
          <option value="all">All</option>
          <option value="timeline">Timeline</option>
          <option value="search">Search</option>
        </select>
      </label>
      <label className={fieldLabel}>
        Outcome
        <select
          className={control}
          value={filter.outcome}
          onChange={(event) => onChange({ ...filter, outcome: event.target.value as LedgerFilter['outcome'] })}
        >
          <option value="all">All</option>
          <option value="ok">OK</option>
          <option value="failed">Failed</option>
        </select>
      </label>
      <label className="flex min-w-40 flex-1 flex-col text-xs font-medium text-slate-600 dark:text-slate-400">
        Contains
        <input
          type="search"
          className={control}
          value={filter.text}
          placeholder="handle, query, status…"
          onChange={(event) => onChange({ ...filter, text: event.target.value })}
        />
      </label>
    </div>
  );
}
