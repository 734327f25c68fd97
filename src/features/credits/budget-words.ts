import type { Budget } from '../../api/session';

/** "today", "this month" or "in total": the span the operator's limit counts, in the meter's words. */
export function periodWords(period: Budget['period']): string {
  return period === 'day' ? 'today' : period === 'month' ? 'this month' : 'in total';
}

/** What the operator's limit counts, for the sentences that explain it. The server's days and months are UTC. */
export function operatorScope(period: Budget['period']): string {
  if (period === 'day')
    return "all spend through this server's store today (UTC day), across sessions, browsers and server processes";
  if (period === 'month')
    return "all spend through this server's store this month (UTC), across sessions, browsers and server processes";
  return "all spend through this server's store, across sessions, browsers and server processes";
}

/** Whether the meter shows the operator's period ("4.7 of 5 today") rather than what is left of the tighter limit. */
function showsPeriod(budget: Budget): boolean {
  return budget.period !== 'total' && budget.operatorLimit !== null && budget.limit === budget.operatorLimit;
}

/** The meter's budget figure: "0.7 of 1 left", or spend against a per-day/month operator limit, "4.7 of 5 today". */
export function meterBudgetText(budget: Budget): string | null {
  if (budget.limit === null) return null;
  if (showsPeriod(budget)) return `${budget.spentInPeriod} of ${budget.operatorLimit} ${periodWords(budget.period)}`;
  return `${budget.remaining} of ${budget.limit} left`;
}

/** The same for screen readers, with the warning said in words (the amber colour alone says nothing to them). */
export function meterBudgetSentence(budget: Budget): string {
  if (budget.limit === null) return '';
  const figure = showsPeriod(budget)
    ? `, ${budget.spentInPeriod} of the operator's ${budget.operatorLimit} credits spent ${periodWords(budget.period)}`
    : `, ${budget.remaining} of ${budget.limit} left`;
  return budget.warning
    ? `${figure}. Warning: close to the limit (warns at ${budget.warnAt}); paid calls stop when it is reached`
    : figure;
}
