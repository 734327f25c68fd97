import { Link } from '@tanstack/react-router';
import { searchPage } from '../../../api/use-price';
import { CostHint } from '../../../components/CostHint';
import { recentKey, searchOptionsLabel, type RecentSearch } from '../recent';
import { useRecentSearches } from '../use-recent-searches';

/** The last searches, one click to run again: free when the answer is still in the cache. */
export function RecentSearches() {
  const { list, clear } = useRecentSearches();
  return (
    <section
      aria-labelledby="recent-heading"
      data-testid="recent-searches"
      className="rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900/60"
    >
      <div className="flex items-center justify-between">
        <h2 id="recent-heading" className="text-sm font-semibold text-slate-900 dark:text-white">
          Recent searches
        </h2>
        {list.length > 0 && (
          <button
            type="button"
            onClick={clear}
            className="rounded px-1.5 py-0.5 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900
            dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
          >
            Clear<span className="sr-only"> recent searches</span>
          </button>
        )}
      </div>
      {list.length === 0 ? (
        <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
          Searches you run appear here, with what they cost.
        </p>
      ) : (
        <ul className="-mx-1 mt-2 space-y-0.5">
          {list.map((entry) => (
            <RecentItem key={recentKey(entry.params)} entry={entry} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RecentItem({ entry: { params, credits } }: { entry: RecentSearch }) {
  return (
    <li>
      <Link
        to="/search"
        search={{ ...params }}
        data-testid="recent-search"
        className="block rounded-md px-1.5 py-1 no-underline hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        <span className="flex min-w-0 items-baseline gap-2">
          <span className="min-w-0 flex-1 truncate text-sm text-brand-700 dark:text-brand-100">{params.q}</span>
          <span
            className="shrink-0 text-xs tabular-nums text-slate-600 dark:text-slate-400"
            title="What it cost when bought"
          >
            paid {credits}
          </span>
        </span>
        <span className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-2 text-xs text-slate-500 dark:text-slate-400">
          {/* Every parameter, wrapped rather than cut (two searches that differ by page alone must not look the same),
              at spaces: the price moves to a line of its own before "site:docs.example.com" is split. */}
          <span className="min-w-0 font-mono break-words" data-testid="recent-search-options">
            {searchOptionsLabel(params)}
          </span>
          {/* What a click costs now: nothing while this browser or the archive holds it, else the going price. */}
          <CostHint operation="search" page={searchPage(params)} className="shrink-0" />
        </span>
      </Link>
    </li>
  );
}
