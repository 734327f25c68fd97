import { Link } from '@tanstack/react-router';
import { searchPage, timelinePage, type PageToFetch } from '../../../api/use-price';
import { CostHint } from '../../../components/CostHint';
import type { OpenTarget } from '../links';

const link =
  'inline-flex flex-wrap items-center justify-center gap-x-1.5 rounded-md border border-slate-300 px-2.5 py-1 text-sm font-medium text-brand-700 no-underline hover:bg-brand-50 dark:border-slate-700 dark:text-sky-300 dark:hover:bg-slate-800';

/** A timeline opens at its first page, whichever of its pages an entry is: that page's price is what counts. */
function pageOf(target: OpenTarget): PageToFetch {
  if (target.kind === 'search') return searchPage(target.search);
  const search = target.search;
  return timelinePage('screen_name' in search ? { screenName: search.screen_name } : { restId: search.rest_id });
}

/**
 * Opens an archived page in its own view, with what that costs now: nothing while this browser holds the
 * page or the server's archive still serves it, else (a first page or search older than the archive keeps
 * fresh) its price, asked of the same source every spending control reads.
 */
export function OpenLink({ target, label = 'Open' }: { target: OpenTarget; label?: string }) {
  const content = (
    <>
      {label}
      <span className="sr-only"> {target.label}</span>
      <CostHint operation={target.kind} page={pageOf(target)} className="whitespace-nowrap" />
    </>
  );
  return target.kind === 'timeline' ? (
    <Link to="/timeline" search={target.search} className={link} data-testid="history-open">
      {content}
    </Link>
  ) : (
    <Link to="/search" search={target.search} className={link} data-testid="history-open">
      {content}
    </Link>
  );
}
