import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useId, useState } from 'react';
import { fetchWatchRuns, watchKeys, type Watch, type WatchRun } from '../../../api/watches';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { boughtClock } from '../../../contract/dates/format';
import { button, free, hint } from '../../../components/form-styles';
import { Spinner } from '../../../components/Spinner';
import { moment, RUN_STATE_WORDS } from '../watch-words';

const TRIGGER_WORDS: Record<WatchRun['trigger'], string> = { schedule: 'schedule', now: 'run now' };
const cell = 'py-1.5 pr-3 align-top';
const numeric = `${cell} text-right tabular-nums`;
const COLUMNS = [
  { name: 'When' },
  { name: 'Trigger' },
  { name: 'State' },
  { name: 'Calls', isNumber: true },
  { name: 'Credits', isNumber: true },
  { name: 'New', isNumber: true },
  { name: 'Reason' },
];
const failedTone = 'font-semibold text-red-700 dark:text-red-300';

function RunsTable({ watch, runs }: { watch: Watch; runs: readonly WatchRun[] }) {
  if (runs.length === 0)
    return (
      <p className={hint} data-testid="watch-history-empty">
        No runs yet: each run, on schedule or run now, is listed here.
      </p>
    );
  return (
    // A phone scrolls the table sideways, not the page; the focusable region lets a keyboard scroll it too.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`Runs of ${watch.name}`}>
      <table className="w-full text-sm" data-testid="watch-history-table">
        <caption className="sr-only">The watch&apos;s runs, newest first: up to its last 50.</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500 dark:border-slate-800 dark:text-slate-400">
            {COLUMNS.map(({ name, isNumber }) => (
              <th key={name} scope="col" className={`${isNumber ? numeric : cell} font-medium`}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr
              key={run.id}
              data-testid="watch-history-run"
              data-state={run.state}
              className="border-b border-slate-100 dark:border-slate-900"
            >
              {/* Short ("14:02" today, "Nov 22, 14:02" before) so a phone shows more columns; the full moment on hover. */}
              <td className={`${cell} whitespace-nowrap tabular-nums`}>
                <time dateTime={new Date(run.startedAt).toISOString()} title={moment(run.startedAt)}>
                  {boughtClock(run.startedAt)}
                </time>
              </td>
              <td className={`${cell} whitespace-nowrap`}>{TRIGGER_WORDS[run.trigger]}</td>
              <td className={`${cell} ${run.state === 'failed' || run.state === 'refused' ? failedTone : ''}`}>
                {RUN_STATE_WORDS[run.state]}
              </td>
              <td className={numeric}>{run.calls}</td>
              <td className={numeric}>{run.credits}</td>
              <td className={numeric}>{run.newItems}</td>
              <td className={`${cell} min-w-40`}>{run.reason ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A watch's recent runs (GET /api/_watches/:id/runs, newest first), read only when the person opens them: when,
 * what started it, how it ended, its calls, credits and new items, and why a run was refused or failed. Free.
 * Run now reads them again (use-watch-actions.ts); a scheduled run shows at the next poll while open.
 */
export function WatchHistory({ watch }: { watch: Watch }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const runs = useQuery({
    queryKey: watchKeys.runs(watch.id),
    queryFn: ({ signal }) => fetchWatchRuns(watch.id, signal),
    enabled: open,
    staleTime: 0,
    // The watch's row says a new run came (its last run): the history follows it while open.
    refetchInterval: open ? 10_000 : false,
    meta: { persist: false },
  });
  return (
    <div className="space-y-2">
      <button
        type="button"
        className={button}
        data-testid="watch-history-toggle"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen(!open)}
      >
        <History aria-hidden className="h-4 w-4" />
        {open ? 'Hide history' : 'History'} <span className={free}>free</span>
      </button>
      {open && (
        <div id={regionId} data-testid="watch-history">
          {runs.error && !runs.data && <ErrorPanel error={runs.error} onRetry={() => void runs.refetch()} compact />}
          {!runs.data && !runs.error && <Spinner label="Reading the runs…" />}
          {runs.data && <RunsTable watch={watch} runs={runs.data} />}
        </div>
      )}
    </div>
  );
}
