import type { ReactNode } from 'react';
import { paidForThisLoad, type PageOrigin } from '../../../api/purchase/origin';
import type { SearchParams } from '../../../api/search';
import type { SearchPage } from '../../../contract/upstream/types';
import { ArchiveBadge, CachedBadge, CostHint, PaidBadge } from '../../../components/CostHint';
import { Spinner } from '../../../components/Spinner';

interface CostLineProps {
  params: SearchParams;
  data: SearchPage;
  first: number;
  /** Where the answer shown came from, as this view shows it (src/api/purchase/origin.ts). */
  origin: PageOrigin;
  fetching: boolean;
  placeholder: boolean;
  onRefresh: () => void;
  /** Opens the request inspector for the call that bought this page, when the route provides one. */
  inspector?: ReactNode;
}

/** "Results 1–10 for … · 0.2 credits · Refresh": what is on screen and what it cost. */
export function CostLine({ params, data, first, origin, fetching, placeholder, onRefresh, inspector }: CostLineProps) {
  const count = data.results.length;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-200 pb-2 dark:border-slate-800">
      <h2 id="results-heading" className="min-w-0 text-sm text-slate-700 dark:text-slate-300">
        {count > 0 && !placeholder ? (
          <>
            Results{' '}
            <span className="font-semibold tabular-nums">
              {first}–{first + count - 1}
            </span>{' '}
            for{' '}
          </>
        ) : (
          'Search for '
        )}
        <span className="font-semibold break-words text-slate-900 [overflow-wrap:anywhere] dark:text-white">
          “{params.q}”
        </span>
        {params.site && <Chip label="site" value={params.site} />}
        {params.hl && <Chip label="hl" value={params.hl} />}
      </h2>
      <div className="ml-auto flex items-center gap-2">
        {fetching ? (
          <Spinner label={placeholder ? 'Loading…' : 'Buying…'} />
        ) : origin === 'archive' ? (
          <ArchiveBadge boughtAt={data.boughtAt} />
        ) : paidForThisLoad(origin) ? (
          <PaidBadge credits={data.credits} />
        ) : (
          <CachedBadge />
        )}
        {inspector}
        <button
          type="button"
          onClick={onRefresh}
          disabled={fetching}
          data-testid="search-refresh"
          title="Buy this search again, though this browser or the archive holds it"
          className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 px-2 py-1 text-xs font-medium text-slate-700
            hover:bg-slate-50 disabled:opacity-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          <svg aria-hidden viewBox="0 0 20 20" className="h-3.5 w-3.5 fill-current">
            <path d="M10 3a7 7 0 0 1 6.32 4H14a.75.75 0 0 0 0 1.5h4.25A.75.75 0 0 0 19 7.75V3.5a.75.75 0 0 0-1.5 0v1.9A8.5 8.5 0 1 0 18.5 10a.75.75 0 0 0-1.5 0A7 7 0 1 1 10 3Z" />
          </svg>
          Refresh <CostHint operation="search" rebuy />
        </button>
      </div>
    </div>
  );
}

function Chip({ label, value }: { label: string; value: string }) {
  return (
    <span className="ml-1.5 inline-block rounded bg-slate-100 px-1.5 py-0.5 align-middle font-mono text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">
      {label}:{value}
    </span>
  );
}
