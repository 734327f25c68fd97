import { Link } from '@tanstack/react-router';
import { searchKeys, timelineKeys } from '../../../api/keys';
import { resolveTarget } from '../../../api/keys';
import { useIsBought } from '../../../api/purchase/use-is-bought';
import { CostHint } from '../../../components/CostHint';
import { ARCHIVE_FRESH_MS, type OpenTarget } from '../links';

const free = 'text-xs font-normal text-emerald-700 dark:text-emerald-300';
const link =
  'inline-flex items-center gap-1.5 whitespace-nowrap rounded-md border border-slate-300 px-2.5 py-1 text-sm font-medium text-brand-700 no-underline hover:bg-brand-50 dark:border-slate-700 dark:text-sky-300 dark:hover:bg-slate-800';

function keyOf(target: OpenTarget) {
  if (target.kind === 'search') return searchKeys.query(target.search);
  const search = target.search;
  return timelineKeys.user(
    resolveTarget('screen_name' in search ? { screenName: search.screen_name } : { restId: search.rest_id }),
  );
}

/**
 * Opens an archived page in its own view. It is free while this browser holds the page or the server's
 * archive still serves it; a first page or search older than the archive keeps fresh would be bought
 * again, and the link then shows that price instead of pretending.
 */
export function OpenLink({
  target,
  boughtAt,
  expires,
  now,
  label = 'Open',
}: {
  target: OpenTarget;
  boughtAt: string;
  expires: boolean;
  now: number;
  label?: string;
}) {
  const cached = useIsBought(keyOf(target));
  const stale = !cached && expires && now - Date.parse(boughtAt) >= ARCHIVE_FRESH_MS;
  const content = (
    <>
      {label}
      <span className="sr-only"> {target.label}</span>
      {stale ? <CostHint operation={target.kind} /> : <span className={free}>{cached ? 'free · cached' : 'free'}</span>}
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
