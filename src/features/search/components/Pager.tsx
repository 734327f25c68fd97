import { useSearch } from '@tanstack/react-router';
import { searchOnPage as onPage } from '../../../api/search';
import { searchPage } from '../../../api/use-price';
import { CostHint } from '../../../components/CostHint';
import { toApiParams } from '../params';

const button =
  'flex flex-col items-center rounded-md border border-slate-300 px-3 py-1 text-sm font-medium leading-snug text-slate-800 hover:bg-slate-50 ' +
  'disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800';

/**
 * Previous / next page of the same search; `page` is 1-based. Each page is its own purchase, so each button
 * shows what it costs: nothing when this browser or the server's archive holds it, else its price. While a page loads the buttons stay
 * focusable but do nothing.
 */
export function Pager({
  page,
  hasNext,
  onPage: go,
  busy,
}: {
  page: number;
  hasNext: boolean;
  onPage: (page: number) => void;
  busy: boolean;
}) {
  // The URL is the search's one source of truth: the pages either side are that search with another page.
  const search = useSearch({ strict: false });
  const current = toApiParams({ q: search.q, num: search.num, page: search.page, site: search.site, hl: search.hl });
  return (
    <nav
      aria-label="Result pages"
      className="mt-2 flex items-center justify-between gap-3 border-t border-slate-200 pt-3 dark:border-slate-800"
    >
      <button
        type="button"
        className={button}
        disabled={page <= 1}
        aria-disabled={busy || undefined}
        onClick={() => !busy && go(page - 1)}
        data-testid="pager-previous"
      >
        <span>
          <span aria-hidden>← </span>Previous
        </span>
        {page > 1 && <CostHint operation="search" page={searchPage(onPage(current, page - 1))} />}
      </button>
      <span className="text-sm text-slate-600 dark:text-slate-400" aria-current="page">
        Page {page}
      </span>
      <button
        type="button"
        className={button}
        disabled={!hasNext}
        aria-disabled={busy || undefined}
        onClick={() => !busy && go(page + 1)}
        data-testid="pager-next"
      >
        <span>
          Next<span aria-hidden> →</span>
        </span>
        {hasNext && <CostHint operation="search" page={searchPage(onPage(current, page + 1))} />}
      </button>
    </nav>
  );
}
