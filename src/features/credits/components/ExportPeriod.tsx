import { useState } from 'react';
import type { Period, PeriodExport } from '../../../api/history';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { useDownload } from '../../../lib/use-download';
import { utcDay } from '../spend-view';
import { control, fieldLabel, outlineButton } from './control-style';

const EXPORTS: { kind: PeriodExport; label: string }[] = [
  { kind: 'ledger.csv', label: 'Ledger CSV' },
  { kind: 'ledger.json', label: 'Ledger JSON' },
  { kind: 'archive.ndjson', label: 'Archive NDJSON' },
];

// The request code (and the history API beside it) loads with the first export: most visits export nothing.
const readExport = (kind: PeriodExport, period: Period) =>
  import('../../../api/history').then((history) => history.fetchPeriodExport(kind, period));

/**
 * Every call and every bought page between two days, across sessions and browsers, streamed by the
 * server; free. The loaded-rows exports above cover only what this page has read.
 */
export function ExportPeriod() {
  // The server's days are UTC: so are the defaults (the last 30 days, today included).
  const [from, setFrom] = useState(() => utcDay(-29));
  const [to, setTo] = useState(() => utcDay());
  const { busy, error, download } = useDownload<PeriodExport>();
  const backwards = Boolean(from && to && from > to);

  return (
    <div className="space-y-2" data-testid="export-period">
      <div className="flex flex-wrap items-end gap-2">
        <label className={fieldLabel}>
          From (UTC day)
          <input
            type="date"
            className={control}
            value={from}
            max={to || undefined}
            onChange={(event) => setFrom(event.target.value)}
          />
        </label>
        <label className={fieldLabel}>
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
              className={outlineButton}
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
        Free. The ledger exports hold your calls in the period (everyone&apos;s, for an admin), from every session and
        browser; the archive export holds every page bought in it, with its full answer. An empty day field means no
        bound.
      </p>
    </div>
  );
}
