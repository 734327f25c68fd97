import { useState } from 'react';
import type { Period, PeriodExport } from '../../../api/history';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { useDownload } from '../../../lib/use-download';

const control = 'rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900';
const button =
  'rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-40 dark:border-slate-700 dark:hover:bg-slate-800';
const EXPORTS: { kind: PeriodExport; label: string }[] = [
  { kind: 'ledger.csv', label: 'Ledger CSV' },
  { kind: 'ledger.json', label: 'Ledger JSON' },
  { kind: 'archive.ndjson', label: 'Archive NDJSON' },
];

// The request code (and the history API beside it) loads with the first export: most visits export nothing.
const readExport = (kind: PeriodExport, period: Period) =>
  import('../../../api/history').then((history) => history.fetchPeriodExport(kind, period));

/** The server's days are UTC: so are the defaults (the last 30 days, today included). */
function utcDay(offsetDays = 0): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Every call and every bought page between two days, across sessions and browsers, streamed by the
 * server; free. The loaded-rows exports above cover only what this page has read.
 */
export function ExportPeriod() {
  const [from, setFrom] = useState(() => utcDay(-29));
  const [to, setTo] = useState(() => utcDay());
  const { busy, error, download } = useDownload<PeriodExport>();
  const backwards = Boolean(from && to && from > to);

  return (
    <div className="space-y-2" data-testid="export-period">
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col text-xs font-medium text-slate-600 dark:text-slate-400">
          From (UTC day)
          <input
            type="date"
            className={control}
            value={from}
            max={to || undefined}
            onChange={(event) => setFrom(event.target.value)}
          />
        </label>
        <label className="flex flex-col text-xs font-medium text-slate-600 dark:text-slate-400">
          To (UTC day, included)
          <input
            type="date"
            className={control}
            value={to}
            min={from || undefined}
            onChange={(event) => setTo(event.target.value)}
          />
        </label>
        <div role="group" aria-label="Export period" className="flex flex-wrap gap-2">
          {EXPORTS.map(({ kind, label }) => (
            <button
              key={kind}
              type="button"
              className={button}
              disabled={busy !== null || backwards}
              aria-busy={busy === kind}
              onClick={() => void download(kind, () => readExport(kind, { from, to }))}
            >
              {busy === kind ? `${label}…` : label}
            </button>
          ))}
        </div>
      </div>
      {backwards && <p className="text-sm text-red-700 dark:text-red-300">The first day must not be after the last.</p>}
      {error !== null && <ErrorPanel error={error} compact />}
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Free. The ledger exports hold every call in the period, from every session and browser; the archive export holds
        every page bought in it, with its full answer. An empty day field means no bound.
      </p>
    </div>
  );
}
