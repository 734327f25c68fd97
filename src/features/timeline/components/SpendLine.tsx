import type { ReactNode } from 'react';
import { paidForThisLoad } from '../../../api/purchase/origin';
import type { TimelinePage } from '../../../api/types';
import { sumDecimals } from '../../../lib/decimal';
import { ArchiveBadge, CachedBadge, PaidBadge } from '../../../components/CostHint';
import { plural } from '../../../lib/plural';

/**
 * What the posts on screen cost this visit: pages bought now, pages the server served free from its
 * archive (bought before, maybe by another browser), and pages this browser already had.
 */
export function SpendLine({
  pages,
  posts,
  inspector,
}: {
  pages: readonly TimelinePage[];
  posts: number;
  inspector?: ReactNode;
}) {
  const archived = pages.filter((page) => page.origin === 'archive');
  const bought = pages.filter((page) => paidForThisLoad(page.origin));
  const cached = pages.length - archived.length - bought.length;
  const spent = sumDecimals(bought.map((page) => page.credits || '0'));
  const firstBought = Math.min(...archived.map((page) => page.boughtAt));
  return (
    <p
      data-testid="spend-line"
      className="flex flex-wrap items-center gap-2 px-4 py-2 text-xs text-slate-600 dark:text-slate-400"
    >
      <span>
        {plural(posts, 'post')} from {plural(pages.length, 'page')}
      </span>
      {bought.length > 0 && <PaidBadge credits={spent} />}
      {archived.length > 0 && (
        <ArchiveBadge boughtAt={firstBought} pages={archived.length < pages.length ? archived.length : 1} />
      )}
      {bought.length === 0 && archived.length === 0 ? <CachedBadge /> : cached > 0 && <span>+ {cached} cached</span>}
      {inspector}
    </p>
  );
}
