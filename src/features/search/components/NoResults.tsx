import type { SearchParams } from '../../../api/search';

/** Nothing came back: say so and offer the obvious ways to widen the search. */
export function NoResults({
  params,
  onDropSite,
  onFirstPage,
}: {
  params: SearchParams;
  onDropSite: () => void;
  onFirstPage: () => void;
}) {
  const link = 'font-medium text-brand-700 underline hover:no-underline dark:text-brand-100';
  return (
    <div
      data-testid="no-results"
      className="my-6 rounded-lg border border-dashed border-slate-300 p-6 text-center dark:border-slate-700"
    >
      <p className="font-semibold text-slate-900 dark:text-white">
        No results {params.page && params.page > 1 ? `on page ${params.page} ` : ''}for “{params.q}”
      </p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        The search was made (and paid for) but the API returned an empty list.
      </p>
      <ul className="mt-3 flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm">
        {params.site && (
          <li>
            <button type="button" className={link} onClick={onDropSite}>
              Search all sites, not only {params.site}
            </button>
          </li>
        )}
        {params.page && params.page > 1 && (
          <li>
            <button type="button" className={link} onClick={onFirstPage}>
              Go to page 1
            </button>
          </li>
        )}
        <li>Try fewer or different words</li>
      </ul>
    </div>
  );
}
