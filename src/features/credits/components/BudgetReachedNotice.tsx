import { BUDGET_REACHED_MESSAGE } from '../format';

/** Said plainly wherever the budget matters: why calls are refused and the three ways out. */
export function BudgetReachedNotice() {
  return (
    <p role="status" data-testid="budget-reached" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100">
      {BUDGET_REACHED_MESSAGE}
    </p>
  );
}
