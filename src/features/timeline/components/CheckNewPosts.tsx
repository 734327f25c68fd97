import type { TimelineTarget } from '../../../api/keys';
import { useCheckForNewPosts, type CheckResult } from '../../../api/purchase/check-new-posts';
import type { TimelinePage } from '../../../api/types';
import { CostHint } from '../../../components/CostHint';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { boughtClock } from '../../../lib/format';
import { useDateStyle } from '../../../lib/use-date-style';
import { useNow } from '../../../lib/use-now';
import { ageText } from '../age-text';
import { RefreshIcon } from './Icons';

function resultText({ added, gap }: CheckResult): string {
  if (added === 0) return 'No new posts.';
  const posts = `${added} new ${added === 1 ? 'post' : 'posts'} at the top`;
  return gap ? `${posts}; there may be more between them and the posts loaded before.` : `${posts}.`;
}

/**
 * How old the shown posts are, and the explicit, priced way to ask what is new: the first page is bought
 * again (never served from a cache or the archive) and its new posts go on top of everything loaded.
 */
export function CheckNewPosts({ target, firstPage }: { target: TimelineTarget; firstPage: TimelinePage }) {
  const style = useDateStyle();
  const now = useNow();
  const check = useCheckForNewPosts(target);
  const at = firstPage.boughtAt;
  return (
    <div data-testid="check-new" className="border-b border-slate-200 px-4 py-2 dark:border-slate-800">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="as-of">
          <time dateTime={new Date(at).toISOString()}>
            As of {boughtClock(at, { ...style, now })}, {ageText(now - at)}
          </time>
        </p>
        <button
          type="button"
          onClick={() => check.mutate()}
          disabled={check.isPending}
          data-testid="check-new-posts"
          className="ml-auto inline-flex items-center gap-2 rounded-full border border-slate-300 px-3 py-1.5 text-sm font-semibold text-brand-700
            hover:bg-brand-50 disabled:cursor-wait disabled:opacity-60 dark:border-slate-700 dark:text-sky-300 dark:hover:bg-slate-900"
        >
          <RefreshIcon className={`h-4 w-4 ${check.isPending ? 'animate-spin' : ''}`} />
          {check.isPending ? 'Checking…' : 'Check for new posts'}
          <CostHint operation="timeline" />
        </button>
      </div>
      <p
        aria-live="polite"
        data-testid="check-result"
        className="text-sm text-slate-700 empty:hidden dark:text-slate-300"
      >
        {check.data ? resultText(check.data) : ''}
      </p>
      {check.isError && (
        <div className="mt-2">
          <ErrorPanel
            error={check.error}
            onRetry={() => check.mutate()}
            retryCost={<CostHint operation="timeline" />}
            compact
          />
        </div>
      )}
    </div>
  );
}
