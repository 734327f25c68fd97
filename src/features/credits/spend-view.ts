import type { SpendAsk, SpendBreakdown, SpendDimension, SpendGroup } from '../../api/spend';
import { csvCell } from '../../contract/export/csv';
import { compareDecimals } from '../../contract/decimal-math';
import type { SpendPeriod } from './spend-periods';

export { PERIODS, type SpendPeriod } from './spend-periods';

/** What the Credits page's address says about the breakdown: `?by=&period=&from=&to=`, so a row can link to a day. */
export interface SpendView {
  by: SpendDimension;
  period: SpendPeriod;
  from?: string;
  to?: string;
}

/** What each dimension's table calls its groups, and the group of rows it does not apply to. */
export const DIMENSION_WORDS: Record<SpendDimension, { tab: string; column: string; none: string }> = {
  handle: { tab: 'By handle', column: 'Handle', none: 'Searches (no handle)' },
  query: { tab: 'By query', column: 'Search query', none: 'Timelines (no query)' },
  day: { tab: 'By day', column: 'Day (UTC)', none: 'No day' },
  job: { tab: 'By job', column: 'Job', none: 'Bought in the browser (no job)' },
  person: { tab: 'By person', column: 'Person', none: 'Nobody signed in' },
  watch: { tab: 'By watch', column: 'Watch', none: 'Not from a watch' },
};

/** A group's name as the table and the CSV write it. */
export function groupName(by: SpendDimension, key: string | null): string {
  if (key === null) return DIMENSION_WORDS[by].none;
  if (by === 'handle') return key.startsWith('#') ? `user id ${key.slice(1)}` : key;
  if (by === 'job') return `Job ${key.slice(0, 8)}`;
  if (by === 'watch') return `Watch ${key.slice(0, 8)}`;
  return key;
}

export const PERIOD_WORDS: Record<SpendPeriod, string> = {
  session: 'This session',
  today: 'Today',
  '7d': '7 days',
  '30d': '30 days',
  all: 'All time',
  custom: 'Days…',
};

/** The server's days are UTC: so are the periods (today included). */
export function utcDay(offsetDays = 0, now = Date.now()): string {
  return new Date(now + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/** What to ask the server for a period; `custom` takes the days given (an empty one: no bound). */
export function askFor(
  by: SpendDimension,
  period: SpendPeriod,
  days: { from?: string; to?: string },
  now = Date.now(),
): SpendAsk {
  const ask = (from: string | null, to: string | null, session: 'current' | null = null) => ({ by, from, to, session });
  switch (period) {
    case 'session':
      return ask(null, null, 'current');
    case 'today':
      return ask(utcDay(0, now), utcDay(0, now));
    case '7d':
      return ask(utcDay(-6, now), utcDay(0, now));
    case '30d':
      return ask(utcDay(-29, now), utcDay(0, now));
    case 'all':
      return ask(null, null);
    case 'custom':
      return ask(days.from || null, days.to || null);
  }
}

export type SpendSortKey = 'key' | 'calls' | 'credits' | 'lastAt';
export interface SpendSort {
  key: SpendSortKey;
  direction: 'asc' | 'desc';
}
export const DEFAULT_SPEND_SORT: SpendSort = { key: 'credits', direction: 'desc' };

function compare(a: SpendGroup, b: SpendGroup, key: SpendSortKey): number {
  switch (key) {
    case 'credits':
      return compareDecimals(a.credits, b.credits);
    case 'calls':
      return a.calls + a.failedFree - (b.calls + b.failedFree);
    case 'lastAt':
      return a.lastAt < b.lastAt ? -1 : a.lastAt > b.lastAt ? 1 : 0;
    case 'key':
      // The group of rows the dimension does not apply to goes last either way.
      if (a.key === null || b.key === null) return 0;
      return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
  }
}

/** Sorted, stable: groups equal on the key keep the server's order (most credits first). */
export function sortGroups(groups: readonly SpendGroup[], sort: SpendSort): SpendGroup[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const last = (group: SpendGroup) => (sort.key === 'key' && group.key === null ? 1 : 0);
  return groups
    .map((group, index) => ({ group, index }))
    .sort((a, b) => last(a.group) - last(b.group) || sign * compare(a.group, b.group, sort.key) || a.index - b.index)
    .map(({ group }) => group);
}

export function nextSpendSort(current: SpendSort, key: SpendSortKey): SpendSort {
  if (current.key !== key) return { key, direction: key === 'key' ? 'asc' : 'desc' };
  return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

const CSV_COLUMNS = ['group', 'key', 'calls', 'failedFree', 'credits', 'unknownOutcomeCredits', 'lastAt'] as const;

/** The table as shown (in its order), one line per group: its credits column adds up to the period's total. */
export function spendCsv(breakdown: SpendBreakdown, groups: readonly SpendGroup[]): string {
  const lines = groups.map((group) =>
    [
      groupName(breakdown.by, group.key),
      group.key ?? '',
      group.calls,
      group.failedFree,
      group.credits,
      group.unknownCredits,
      group.lastAt,
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[CSV_COLUMNS.join(','), ...lines].join('\r\n')}\r\n`;
}
