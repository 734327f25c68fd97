import { Link } from '@tanstack/react-router';
import type { HandleStats } from '../../../api/archive-search';
import { PerDayChart } from './PerDayChart';

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** A top list whose entries each run a free find: a hashtag or mention as words, a domain as its name. */
function TopList({
  title,
  entries,
  prefix,
  handle,
}: {
  title: string;
  entries: HandleStats['hashtags'];
  prefix: string;
  handle: string;
}) {
  return (
    <section aria-label={title} className="min-w-0 rounded-xl border border-slate-200 p-3 dark:border-slate-800">
      <h2 className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">{title}</h2>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">None.</p>
      ) : (
        <ol className="space-y-1">
          {entries.map((entry) => (
            <li key={entry.value} className="flex items-center justify-between gap-2 text-sm">
              <Link
                to="/find"
                search={{ q: `${prefix}${entry.value}`, author: handle }}
                className="min-w-0 truncate text-brand-700 underline dark:text-sky-300"
                data-testid="stats-find-link"
              >
                {prefix}
                {entry.value}
              </Link>
              <span className="shrink-0 tabular-nums text-slate-600 dark:text-slate-400">{entry.count}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function HandleStatsView({ stats }: { stats: HandleStats }) {
  const { totals } = stats;
  const figures: [string, string][] = [
    ['Posts', String(totals.posts)],
    ['Reposts', String(totals.reposts)],
    ['Quotes', String(totals.quotes)],
    ['Replies', String(totals.replies)],
    ['With media', `${totals.withMedia} (${percent(stats.mediaShare)})`],
    ['Pages bought', String(totals.pages)],
  ];
  return (
    <div className="space-y-4" data-testid="handle-stats">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        {figures.map(([name, value]) => (
          <div key={name} className="rounded-lg border border-slate-200 p-2 dark:border-slate-800">
            <dt className="text-xs text-slate-600 dark:text-slate-400">{name}</dt>
            <dd
              className="text-lg font-semibold tabular-nums text-slate-900 dark:text-white"
              data-testid={`stat-${name.toLowerCase().replace(/\s+/g, '-')}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <section aria-label="Posts per day" className="rounded-xl border border-slate-200 p-3 dark:border-slate-800">
        <h2 className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">Posts per day</h2>
        <PerDayChart perDay={stats.perDay} />
      </section>
      <div className="grid gap-3 sm:grid-cols-3">
        <TopList title="Top hashtags" entries={stats.hashtags} prefix="#" handle={stats.handle} />
        <TopList title="Top mentions" entries={stats.mentions} prefix="@" handle={stats.handle} />
        <TopList title="Linked domains" entries={stats.domains} prefix="" handle={stats.handle} />
      </div>
    </div>
  );
}
