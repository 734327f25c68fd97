import { useQuery } from '@tanstack/react-query';
import { expectedCost } from '../../../api/cost';
import { sessionQueryOptions } from '../../../api/session';

/**
 * Where the sentinel was, once auto-load has bought the paid pages the person allowed: how many it bought,
 * and a priced button that allows as many again. Nothing is bought until it is pressed.
 */
export function KeepLoading({ paid, onKeepLoading }: { paid: number; onKeepLoading: () => void }) {
  const { data } = useQuery(sessionQueryOptions());
  const price = expectedCost(data, 'timeline');
  return (
    <div
      role="group"
      aria-labelledby="autoload-paused-note"
      data-testid="autoload-paused"
      className="mx-4 mt-4 flex flex-col items-center gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-center dark:border-amber-900 dark:bg-amber-950/40"
    >
      <p id="autoload-paused-note" className="text-sm text-slate-700 dark:text-slate-300">
        Auto-loading paused:{' '}
        <span data-testid="autoload-paid-count">
          {paid} paid {paid === 1 ? 'page' : 'pages'} loaded automatically
        </span>
        .
      </p>
      <button
        type="button"
        onClick={onKeepLoading}
        data-testid="keep-loading"
        className="rounded-full border border-amber-300 bg-white px-4 py-1.5 text-sm font-semibold text-amber-900 hover:bg-amber-100 dark:border-amber-800 dark:bg-slate-950 dark:text-amber-200 dark:hover:bg-amber-950"
      >
        Keep loading ·{' '}
        <span data-testid="keep-loading-price">
          {price === null ? 'price not known yet' : `${price} credits a page`}
        </span>
      </button>
    </div>
  );
}
