import { useState } from 'react';
import type { LedgerRow } from '../../../api/session';
import { filterRows, NO_FILTER, sortRows, type LedgerFilter, type Sort } from '../ledger-view';
import { ExportButtons } from './ExportButtons';
import { LedgerFilters } from './LedgerFilters';
import { LedgerTable } from './LedgerTable';
import { RequestInspectorDialog } from './RequestInspectorDialog';

/** The session's ledger: filter, sort, export what is shown, and open any row in the request inspector. */
export function LedgerSection({ rows, sessionId }: { rows: readonly LedgerRow[]; sessionId: string }) {
  const [filter, setFilter] = useState<LedgerFilter>(NO_FILTER);
  const [sort, setSort] = useState<Sort>({ key: 'at', direction: 'desc' });
  const [inspecting, setInspecting] = useState<string | null>(null);
  const visible = sortRows(filterRows(rows, filter), sort);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <LedgerFilters filter={filter} onChange={setFilter} />
        <ExportButtons rows={visible} sessionId={sessionId} />
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400" aria-live="polite" data-testid="ledger-count">
        {visible.length === rows.length ? `${rows.length} calls` : `${visible.length} of ${rows.length} calls shown`}
      </p>
      <LedgerTable rows={visible} sort={sort} onSort={setSort} onInspect={setInspecting} />
      {inspecting && <RequestInspectorDialog key={inspecting} callId={inspecting} onClose={() => setInspecting(null)} />}
    </div>
  );
}
