import { Link } from '@tanstack/react-router';
import { useLiveSession } from '../use-live-session';

/** Always in the header: what this session has spent, on how many calls, and what the budget leaves. */
export function CreditMeter() {
  const { data, isError } = useLiveSession();
  if (isError) return <span className="text-xs text-red-700 dark:text-red-300">meter unavailable</span>;
  if (!data) return <span className="text-xs text-slate-500 dark:text-slate-400">loading meter…</span>;
  const { session, budget } = data;
  const budgetText = budget.limit === null ? '' : budget.reached
    ? `. Budget of ${budget.limit} reached: paid calls are refused until you raise or clear the limit, or start a new session`
    : `, ${budget.remaining} of ${budget.limit} left`;
  return (
    <Link
      to="/credits"
      data-testid="credit-meter"
      data-budget-reached={budget.reached ? 'true' : undefined}
      aria-label={`Session spend: ${session.total} credits over ${session.calls} paid calls${budgetText}. Open the credits page.`}
      title={budget.reached ? 'Budget reached: paid calls are refused. Open Credits to raise or clear the limit, or start a new session.' : undefined}
      className={`flex items-center gap-2 rounded-full border px-3 py-1 text-sm tabular-nums no-underline ${budget.reached
        ? 'border-red-500 bg-red-50 text-red-900 hover:bg-red-100 dark:border-red-500 dark:bg-red-950/70 dark:text-red-100 dark:hover:bg-red-950'
        : 'border-slate-300 text-slate-900 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-900'}`}
    >
      <span><strong data-testid="meter-total">{session.total}</strong> credits</span>
      <span className={budget.reached ? '' : 'text-slate-600 dark:text-slate-400'} data-testid="meter-calls">{session.calls} {session.calls === 1 ? 'call' : 'calls'}</span>
      {budget.limit !== null && (budget.reached ? (
        <span data-testid="meter-budget" className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white dark:bg-red-600">
          <span aria-hidden>■ </span>budget reached
        </span>
      ) : (
        <span data-testid="meter-budget" className="text-slate-600 dark:text-slate-400">{budget.remaining} of {budget.limit} left</span>
      ))}
    </Link>
  );
}
