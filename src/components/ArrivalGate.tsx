import type { ReactNode } from 'react';
import type { PaidOperation } from '../contract/identity';
import { CostChip } from './CostHint';

/**
 * Shown instead of buying on load when another site sent the browser here (a link, a popup, a form) or the
 * browser loaded the page ahead of time (speculation rules, a prefetch, a prerender): only the person's own
 * click in this app spends their credits.
 */
export function ArrivalGate({
  operation,
  what,
  onLoad,
}: {
  operation: PaidOperation;
  what: ReactNode;
  onLoad: () => void;
}) {
  return (
    <section
      data-testid="arrival-gate"
      aria-labelledby="arrival-gate-title"
      className="m-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <h2 id="arrival-gate-title" className="font-semibold">
        Not opened from this app
      </h2>
      <p className="mt-1 text-sm">
        Another site sent you here, or the browser loaded this page ahead of time. creditscope buys nothing for a page
        it did not see you ask for: load {what} if you meant to.
      </p>
      <button
        type="button"
        onClick={onLoad}
        data-testid="arrival-load"
        className="mt-3 inline-flex items-center gap-2 rounded-full bg-slate-900 px-4 py-2 text-sm font-bold text-white hover:bg-slate-700 dark:bg-white dark:text-slate-900 dark:hover:bg-slate-200"
      >
        Load {what} <CostChip operation={operation} />
      </button>
    </section>
  );
}
