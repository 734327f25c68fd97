import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { spendQueryOptions } from '../../../api/spend';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { Spinner } from '../../../components/Spinner';
import { askFor, DEFAULT_SPEND_SORT, sortGroups, type SpendSort, type SpendView } from '../spend-view';
import { SpendBars } from './SpendBars';
import { SpendCsvButton } from './SpendCsvButton';
import { SpendTable } from './SpendTable';
import { SpendTotals } from './SpendTotals';
import { SpendViewPicker } from './SpendViewPicker';

/**
 * Where the credits went: the ledger's spend in a period by handle, search query, day or job (the server's sums,
 * exact), as a chart and a sortable table whose rows open what they bought, downloadable as CSV. Free to read.
 * This file asks for the breakdown the address names and holds the table's order (the chart, the table and the CSV
 * share it); each part is drawn by a file of its own.
 */
export function SpendBreakdownSection({ view, onView }: { view: SpendView; onView: (next: SpendView) => void }) {
  const { data, error, refetch } = useQuery(spendQueryOptions(askFor(view.by, view.period, view)));
  const [sort, setSort] = useState<SpendSort>(DEFAULT_SPEND_SORT);
  const groups = data ? sortGroups(data.groups, sort) : [];
  const backwards = Boolean(view.period === 'custom' && view.from && view.to && view.from > view.to);
  return (
    <div className="space-y-3" data-testid="spend-breakdown">
      <div className="flex flex-wrap items-end gap-2">
        <SpendViewPicker view={view} onView={onView} />
        <SpendCsvButton breakdown={data} groups={groups} />
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
