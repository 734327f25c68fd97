import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { searchKeys } from '../../../api/keys';
import { recentKey } from '../recent';
import { useRecentSearches } from '../use-recent-searches';

/** The last searches, one click to run again: free when the answer is still in the cache. */
export function RecentSearches() {
  const { list, clear } = useRecentSearches();
  const queryClient = useQueryClient();
  return (
    <section aria-labelledby="recent-heading" data-testid="recent-searches"
      className="rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900/60">
      <div className="flex items-center justify-between">
        <h2 id="recent-heading" className="text-sm font-semibold text-slate-900 dark:text-white">Recent searches</h2>
        {list.length > 0 && (
          <button type="button" onClick={clear} className="rounded px-1.5 py-0.5 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white">
            Clear
          </button>
        )}
      </div>
      {list.length === 0 ? (
        <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">Searches you run appear here, with what they cost.</p>
      ) : (
        <ul className="mt-2 -mx-1 space-y-0.5">
          {list.map(({ params, credits }) => {
            const cached = queryClient.getQueryData(searchKeys.query(params)) !== undefined;
            const options = [params.site && `site:${params.site}`, params.hl && `hl:${params.hl}`, params.num !== undefined && `num:${params.num}`, params.page !== undefined && `page:${params.page}`].filter(Boolean);
            return (
              <li key={recentKey(params)}>
                <Link to="/search" search={{ ...params }} data-testid="recent-search"
                  className="block rounded-md px-1.5 py-1 no-underline hover:bg-slate-100 dark:hover:bg-slate-800">
                  <span className="block truncate text-sm text-brand-700 dark:text-brand-100">{params.q}</span>
                  <span className="flex min-w-0 items-baseline gap-2 text-xs text-slate-500 dark:text-slate-400">
                    <span className="min-w-0 truncate font-mono">{options.join(' ')}</span>
                    <span className="ml-auto shrink-0 tabular-nums">
                      {credits} cr{cached && <span className="text-emerald-700 dark:text-emerald-300"> · cached</span>}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
