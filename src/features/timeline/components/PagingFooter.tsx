import { usePrice, type PageToFetch } from '../../../api/use-price';
import { BlockedNote, CostHint, PriceText } from '../../../components/CostHint';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { Spinner } from '../../../components/Spinner';

const pill =
  'inline-flex items-center gap-2 rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-wait disabled:opacity-60 dark:border-slate-700 dark:text-sky-300 dark:hover:bg-slate-900';

/** Below the posts: the next page (button, spinner or error with Retry) or the end of the timeline. */
export function PagingFooter({
  hasNext,
  fetching,
  error,
  onLoad,
  note,
  next = null,
}: {
  hasNext: boolean;
  fetching: boolean;
  error: unknown;
  onLoad: () => void;
  note?: string;
  /** The page Load more fetches, so its price says whether the archive already holds it. */
  next?: PageToFetch | null;
}) {
  const price = usePrice({ operation: 'timeline', page: next });
  return (
    <div className="flex min-h-24 flex-col items-center justify-center gap-3 px-4 py-6" data-testid="paging-footer">
      {error !== null && !fetching && (
        <div className="w-full">
          <ErrorPanel error={error} onRetry={onLoad} retryCost={<CostHint operation="timeline" />} compact />
        </div>
      )}
      {fetching && <Spinner label="Loading more posts…" />}
      {hasNext && error === null && (
        <button type="button" onClick={onLoad} disabled={fetching} className={pill}>
          Load more <PriceText price={price} testId="cost-hint-timeline" />
        </button>
      )}
      {hasNext && error === null && <BlockedNote price={price} />}
      {hasNext && note && <p className="text-xs text-slate-600 dark:text-slate-400">{note}</p>}
      {!hasNext && !fetching && error === null && (
        <p
          data-testid="end-of-timeline"
          className="flex w-full items-center gap-3 text-sm text-slate-600 dark:text-slate-400"
        >
          <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
          End of timeline
          <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
        </p>
      )}
    </div>
  );
}
