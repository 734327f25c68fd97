import { useState } from 'react';
import type { SessionState } from '../../../api/session';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { Spinner } from '../../../components/Spinner';
import { filterRows, NO_FILTER, sortRows, type LedgerFilter, type Sort } from '../ledger-view';
import type { LedgerRows } from '../use-ledger-rows';
import { ExportButtons } from './ExportButtons';
import { useMediaQuery } from '../use-media-query';
import { LedgerCards } from './LedgerCards';
import { LedgerFilters } from './LedgerFilters';
import { LedgerTable } from './LedgerTable';
import { LazyInspectorDialog } from './LazyInspectorDialog';

const PAGE = 200;
const button =
  'rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-50 dark:border-slate-700 dark:hover:bg-slate-800';

function countLine(shown: number, loaded: number, total: number): string {
  const filtered = shown !== loaded ? `${shown} of ${loaded} loaded calls shown` : null;
  const partial = loaded < total ? `${loaded} of ${total} calls loaded` : null;
  if (filtered && partial) return `${filtered} · ${partial}`;
  return filtered ?? partial ?? `${total} ${total === 1 ? 'call' : 'calls'}`;
}

/**
 * The session's ledger: the newest calls, older ones on request; filter, sort, export what is shown,
 * and open any row in the request inspector.
 */
export function LedgerSection({ state, ledger }: { state: SessionState; ledger: LedgerRows }) {
  const [filter, setFilter] = useState<LedgerFilter>(NO_FILTER);
  const [sort, setSort] = useState<Sort>({ key: 'at', direction: 'desc' });
  const [inspecting, setInspecting] = useState<string | null>(null);
  const [shown, setShown] = useState(PAGE);
  // A table's five columns and its parameters cannot fit a phone without cutting: there, one card per call.
  const wide = useMediaQuery('(min-width: 640px)');
  const { rows, total, hasOlder, loadingOlder, olderError, loadOlder } = ledger;
  const visible = sortRows(filterRows(rows, filter), sort);
  const List = wide ? LedgerTable : LedgerCards;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <LedgerFilters filter={filter} onChange={setFilter} />
        <ExportButtons rows={visible} sessionId={state.session.id} price={state.creditPrice ?? null} />
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400" aria-live="polite" data-testid="ledger-count">
        {countLine(visible.length, rows.length, total)}
      </p>
      <List rows={visible.slice(0, shown)} sort={sort} onSort={setSort} onInspect={setInspecting} />
      {visible.length === 0 && <p className="py-3 text-sm text-slate-600 dark:text-slate-400">No calls match.</p>}
      {visible.length > shown && (
        <button type="button" className={button} onClick={() => setShown(shown + PAGE)}>
          Show {Math.min(PAGE, visible.length - shown)} more of {visible.length - shown}
        </button>
      )}
      {hasOlder && (
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            onClick={loadOlder}
            disabled={loadingOlder}
            data-testid="load-older-calls"
            className={button}
          >
            Load older calls <span className="text-xs font-normal text-emerald-700 dark:text-emerald-300">free</span>
          </button>
          {loadingOlder && <Spinner label="Reading older calls…" />}
        </div>
      )}
      {olderError !== null && <ErrorPanel error={olderError} onRetry={loadOlder} compact />}
      <LazyInspectorDialog callId={inspecting} onClose={() => setInspecting(null)} />
    </div>
  );
}
