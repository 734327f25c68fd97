import type { ReactNode } from 'react';
import type { TimelinePage } from '../../../contract/upstream/types';
import { plural } from '../../../lib/plural';
import { spendWords } from '../spend-words';

/** The test id of each part (the words' former badges). */
const PART: Record<string, string> = {
  'bought now': 'paid-badge',
  'from archive': 'archive-badge',
  'in this browser': 'cached-badge',
};

/**
 * What the loaded pages cost in all, and where each came from, in the words every screen uses
 * (src/api/purchase/origin.ts): "143 posts from 8 pages · 0.3 credits in all: 3 bought now, 4 from archive, 1 in this browser".
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
  const { total, parts } = spendWords(pages);
  return (
    <p data-testid="spend-line" className="px-4 py-2 text-xs text-slate-600 dark:text-slate-400">
      {plural(posts, 'post')} from {plural(pages.length, 'page')} · <span data-testid="spend-total">{total}</span>:{' '}
      {Object.entries(parts)
        .filter(([, count]) => count > 0)
        .map(([words, count], index) => (
          <span key={words} data-testid={PART[words]}>
            {index > 0 && ', '}
            {count} {words}
          </span>
        ))}{' '}
      {inspector}
    </p>
  );
}
