import { useQuery } from '@tanstack/react-query';
import { sessionQueryOptions, type Budget } from '../../../api/session';
import { operatorScope, personLimitWords, personResetWords } from '../budget-words';

/** Why paid calls are refused, and the ways out that really exist for whichever limit was reached. */
export function budgetReachedMessage(budget: Budget): string {
  if (budget.reachedBy === 'operator') {
    return `The server operator's limit of ${budget.operatorLimit} credits is reached: paid calls are refused. It counts ${operatorScope(budget.period)}, so a new session does not reset it, and it cannot be raised from this page: ask whoever runs creditscope.`;
  }
  if (budget.reachedBy === 'person' && budget.person) {
    return `${personLimitWords(budget.person)} is reached: paid calls are refused; ${personResetWords(budget.person)}, or an admin can raise it (npm run user -- limit).`;
  }
  return `Your limit of ${budget.personalLimit} credits for this session is reached: paid calls are refused until you raise or clear it below, or start a new session.`;
}

/** Said plainly on the credits page whenever a limit is reached. */
export function BudgetReachedNotice() {
  const { data } = useQuery(sessionQueryOptions());
  if (!data?.budget.reached) return null;
  return (
    <p
      role="status"
      data-testid="budget-reached"
      data-reached-by={data.budget.reachedBy ?? undefined}
      className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100"
    >
      {budgetReachedMessage(data.budget)}
    </p>
  );
}
