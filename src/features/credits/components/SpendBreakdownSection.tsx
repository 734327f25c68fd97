import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { meQueryOptions } from '../../../api/auth/me';
import { spendQueryOptions, type SpendBreakdown, type SpendDimension, type SpendGroup } from '../../../api/spend';
import { SPEND_DIMENSIONS } from '../../../contract/spend';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { Spinner } from '../../../components/Spinner';
import { downloadText } from '../../../lib/download';
import { mulDiv } from '../../../contract/decimal-math';
import { dateTime, plural } from '../format';
import {
  askFor,
  DEFAULT_SPEND_SORT,
  DIMENSION_WORDS,
  groupName,
  nextSpendSort,
  PERIOD_WORDS,
  PERIODS,
  sortGroups,
  spendCsv,
  type SpendPeriod,
  type SpendSort,
  type SpendSortKey,
} from '../spend-view';
import { SpendBars } from './SpendBars';

/** What the Credits page's address says about the breakdown: `?by=&period=&from=&to=`, so a row can link to a day. */
export interface SpendView {
  by: SpendDimension;
  period: SpendPeriod;
  from?: string;
  to?: string;
}

const control = 'rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900';
const button =
  'rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-40 dark:border-slate-700 dark:hover:bg-slate-800';
const tab =
  'rounded-md border border-slate-300 px-2 py-1.5 text-sm font-medium hover:bg-slate-50 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-800 dark:border-slate-700 dark:hover:bg-slate-800 dark:aria-pressed:bg-slate-800 dark:aria-pressed:text-white';
const link = 'text-brand-700 underline-offset-2 hover:underline dark:text-sky-300';

/**
 * Where the credits went: the ledger's spend in a period by handle, search query, day or job (the server's sums,
 * exact), as a chart and a sortable table whose rows open what they bought, downloadable as CSV. Free to read.
 */
export function SpendBreakdownSection({ view, onView }: { view: SpendView; onView: (next: SpendView) => void }) {
  const ask = askFor(view.by, view.period, view);
  const { data, error, refetch } = useQuery(spendQueryOptions(ask));
  const [sort, setSort] = useState<SpendSort>(DEFAULT_SPEND_SORT);
  const groups = data ? sortGroups(data.groups, sort) : [];
  // By person only where people sign in (#28): on loopback nobody does, and every row would be "nobody".
  const { data: me } = useQuery(meQueryOptions());
  const dimensions = SPEND_DIMENSIONS.filter((by) => by !== 'person' || (me && me.mode !== 'none'));
  const backwards = Boolean(view.period === 'custom' && view.from && view.to && view.from > view.to);
  return (
    <div className="space-y-3" data-testid="spend-breakdown">
      <div className="flex flex-wrap items-end gap-2">
        <div role="group" aria-label="Spend by" className="flex flex-wrap gap-1">
          {dimensions.map((by) => (
            <button
              key={by}
              type="button"
              aria-pressed={view.by === by}
              className={tab}
              onClick={() => onView({ ...view, by })}
            >
              {DIMENSION_WORDS[by].tab}
            </button>
          ))}
        </div>
        <label className="flex flex-col text-xs font-medium text-slate-600 dark:text-slate-400">
          Period
          <select
            className={control}
            value={view.period}
            onChange={(event) => onView({ ...view, period: event.target.value as SpendPeriod })}
          >
            {PERIODS.map((period) => (
              <option key={period} value={period}>
                {PERIOD_WORDS[period]}
              </option>
            ))}
          </select>
        </label>
        {view.period === 'custom' && (
          <>
            <label className="flex flex-col text-xs font-medium text-slate-600 dark:text-slate-400">
              From (UTC day)
              <input
                type="date"
                className={control}
                value={view.from ?? ''}
                onChange={(event) => onView({ ...view, from: event.target.value || undefined })}
              />
            </label>
            <label className="flex flex-col text-xs font-medium text-slate-600 dark:text-slate-400">
              To (UTC day, included)
              <input
                type="date"
                className={control}
                value={view.to ?? ''}
                onChange={(event) => onView({ ...view, to: event.target.value || undefined })}
              />
            </label>
          </>
        )}
        <button
          type="button"
          className={`${button} ml-auto`}
          disabled={!data || groups.length === 0}
          onClick={() =>
            data &&
            downloadText(
              `creditscope-spend-by-${data.by}-${data.session ? 'session' : `${data.from ?? 'start'}_${data.to ?? 'now'}`}.csv`,
              'text/csv;charset=utf-8',
              spendCsv(data, groups),
            )
          }
        >
          Download CSV
        </button>
      </div>
      {backwards && <p className="text-sm text-red-700 dark:text-red-300">The first day must not be after the last.</p>}
      {error !== null && !data && <ErrorPanel error={error} onRetry={() => void refetch()} compact />}
      {!data && error === null && <Spinner label="Adding up the ledger…" />}
      {data && (
        <>
          <SpendTotals breakdown={data} />
          <SpendBars by={data.by} groups={groups} total={data.total} />
          <SpendTable breakdown={data} groups={groups} sort={sort} onSort={setSort} />
        </>
      )}
    </div>
  );
}

function SpendTotals({ breakdown }: { breakdown: SpendBreakdown }) {
  const failedFree = breakdown.groups.reduce((sum, group) => sum + group.failedFree, 0);
  return (
    <div className="text-sm text-slate-700 dark:text-slate-300">
      <p>
        <span className="font-semibold tabular-nums text-slate-900 dark:text-white" data-testid="spend-total">
          {breakdown.total}
        </span>{' '}
        credits · {plural(breakdown.calls, 'paid call')}
        {failedFree > 0 && `, ${plural(failedFree, 'free failure')}`}
        {breakdown.session && ' · the session total above'}
      </p>
      {breakdown.unknownCalls > 0 && (
        <p className="text-amber-800 dark:text-amber-300" data-testid="spend-unknown">
          Includes {breakdown.unknownCredits} credits of {plural(breakdown.unknownCalls, 'call')} whose outcome is
          unknown (sent, no answer read): booked at the price they held, as the ledger counts them.
        </p>
      )}
      {breakdown.inFlight > 0 && (
        <p className="text-slate-500 dark:text-slate-400" data-testid="spend-in-flight">
          {plural(breakdown.inFlight, 'call')} in flight, not counted until answered.
        </p>
      )}
    </div>
  );
}

const COLUMNS: { key: SpendSortKey; label: string; numeric?: boolean; wide?: boolean }[] = [
  { key: 'key', label: '' },
  { key: 'calls', label: 'Calls', numeric: true },
  { key: 'credits', label: 'Credits', numeric: true },
  { key: 'lastAt', label: 'Last', wide: true },
];

function SpendTable({
  breakdown,
  groups,
  sort,
  onSort,
}: {
  breakdown: SpendBreakdown;
  groups: SpendGroup[];
  sort: SpendSort;
  onSort: (sort: SpendSort) => void;
}) {
  const words = DIMENSION_WORDS[breakdown.by];
  if (groups.length === 0)
    return <p className="py-2 text-sm text-slate-600 dark:text-slate-400">Nothing was spent in this period.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="spend-table">
        <caption className="sr-only">
          Spend {words.tab.toLowerCase()}. Column headers sort; a name opens what it bought.
        </caption>
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
                  {label || words.column}
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
        <tbody>
          {groups.map((group) => (
            <tr
              key={group.key ?? ''}
              data-testid="spend-row"
              data-group={group.key ?? ''}
              className="border-b border-slate-100 dark:border-slate-900"
            >
              <th scope="row" className="max-w-56 truncate py-1.5 pr-3 text-left font-medium">
                <GroupLink by={breakdown.by} group={group} />
              </th>
              <td className="py-1.5 pr-3 text-right tabular-nums">
                {group.calls}
                {group.failedFree > 0 && (
                  <span className="text-xs text-slate-500 dark:text-slate-400"> +{group.failedFree} free</span>
                )}
              </td>
              <td className="py-1.5 pr-3 text-right tabular-nums" data-testid="spend-credits">
                {group.credits}
                {group.unknownCalls > 0 && (
                  <span
                    className="block text-xs text-amber-800 dark:text-amber-300"
                    title="Calls sent with no answer read: booked at the price they held"
                  >
                    {group.unknownCredits} outcome unknown
                  </span>
                )}
              </td>
              <td className="py-1.5 pr-3 text-slate-600 max-sm:hidden dark:text-slate-400">{dateTime(group.lastAt)}</td>
              <td className="py-1.5 text-right tabular-nums text-slate-600 max-sm:hidden dark:text-slate-400">
                {share(group.credits, breakdown.total)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="font-semibold">
            <th scope="row" className="py-1.5 pr-3 text-left">
              Total
            </th>
            <td className="py-1.5 pr-3 text-right tabular-nums">{breakdown.calls}</td>
            <td className="py-1.5 pr-3 text-right tabular-nums" data-testid="spend-table-total">
              {breakdown.total}
            </td>
            <td className="max-sm:hidden" />
            <td className="max-sm:hidden" />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function share(credits: string, total: string): string {
  const percent = mulDiv(credits, '100', total, 0);
  return percent === null ? '–' : `${percent} %`;
}

/** Each group opens what it bought: a handle's or a query's pages in History (free), a day's spend, a job. */
function GroupLink({ by, group }: { by: SpendDimension; group: SpendGroup }) {
  const name = groupName(by, group.key);
  const { key } = group;
  if (key === null) return <span className="font-normal italic text-slate-600 dark:text-slate-400">{name}</span>;
  switch (by) {
    case 'handle':
      return (
        <Link
          to="/history"
          search={{ operation: 'timeline', subject: key.startsWith('#') ? key.slice(1) : key }}
          className={link}
        >
          {key.startsWith('#') ? name : `@${name}`}
        </Link>
      );
    case 'query':
      return (
        <Link to="/history" search={{ operation: 'search', subject: key }} className={link}>
          {name}
        </Link>
      );
    case 'day':
      return (
        <Link
          to="/credits"
          search={{ by: 'handle', period: 'custom', from: key, to: key }}
          resetScroll={false}
          className={link}
        >
          {name}
        </Link>
      );
    case 'job':
      return (
        <Link to="/jobs" search={{ job: key }} className={link}>
          {name}
        </Link>
      );
    case 'person':
      return <span>{name}</span>;
  }
}
