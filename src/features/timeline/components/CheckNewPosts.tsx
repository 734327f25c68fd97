import type { TimelineTarget } from '../../../api/keys';
import type { CheckResult } from '../../../api/purchase/check-new-posts';
import { useCheckForNewPosts } from '../../../api/purchase/use-check-new-posts';
import { usePrice } from '../../../api/use-price';
import { BlockedNote, CostHint, PriceText } from '../../../components/CostHint';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { boughtClock } from '../../../contract/dates/format';
import { useDateStyle } from '../../../lib/use-date-style';
import { useNow } from '../../../lib/use-now';
import { ageText } from '../age-text';
import { RefreshIcon } from './Icons';

/** What one check brought, as the platform's pill says it ("3 new posts"). */
function CheckResultPill({ added, gap }: CheckResult) {
  return (
    <>
      <span
        data-testid="new-posts-pill"
        className={`inline-flex rounded-full px-3 py-1 text-sm font-semibold ${
          added === 0
            ? 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'
            : 'bg-brand-600 text-white dark:bg-brand-500'
        }`}
      >
        {added === 0 ? 'No new posts' : `${added} new ${added === 1 ? 'post' : 'posts'}`}
      </span>
      {gap && <span> There may be more between them and the posts loaded before.</span>}
    </>
  );
}

/**
 * How old the shown posts are, and the one priced way to ask what is new (the page above the newest when
 * the answer gives a `prev_cursor`, else the first page again, never from a cache or the archive): what
 * came goes on top of everything loaded, the status line says how many, and "As of" moves to that purchase.
 */
export function CheckNewPosts({ target, asOf }: { target: TimelineTarget; asOf: number }) {
  const style = useDateStyle();
  const now = useNow();
  const check = useCheckForNewPosts(target);
  // Never from this browser or the archive: a check always asks the upstream.
  const price = usePrice({ operation: 'timeline', rebuy: true });
  const at = asOf;
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
          <RefreshIcon className={check.isPending ? 'animate-spin' : undefined} />
          {check.isPending ? 'Checking…' : 'Check for new posts'}
          <PriceText price={price} testId="cost-hint-timeline" />
        </button>
      </div>
      <BlockedNote price={price} className="mt-1" />
      <p
        role="status"
        data-testid="check-result"
        className="mt-1 text-sm text-slate-700 empty:hidden dark:text-slate-300"
      >
        {check.data ? <CheckResultPill {...check.data} /> : null}
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
