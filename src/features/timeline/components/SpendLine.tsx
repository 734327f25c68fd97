import type { ReactNode } from 'react';
import type { TimelinePage } from '../../../api/types';
import { sumDecimals } from '../../../lib/decimal';
import { CachedBadge, PaidBadge } from '../../../components/CostHint';

/** What the posts on screen cost this visit: nothing when every page was bought before this page load. */
export function SpendLine({ pages, posts, inspector }: { pages: readonly TimelinePage[]; posts: number; inspector?: ReactNode }) {
  const origin = performance.timeOrigin;
  const bought = pages.filter((page) => page.boughtAt >= origin);
  const spent = sumDecimals(bought.map((page) => page.credits || '0'));
  return (
    <p data-testid="spend-line" className="flex flex-wrap items-center gap-2 px-4 py-2 text-xs text-slate-600 dark:text-slate-400">
      <span>{posts} posts from {pages.length} {pages.length === 1 ? 'page' : 'pages'}</span>
      {bought.length === 0 ? <CachedBadge /> : <PaidBadge credits={spent} />}
      {bought.length > 0 && bought.length < pages.length && <span>+ {pages.length - bought.length} cached</span>}
      {inspector}
    </p>
  );
}
