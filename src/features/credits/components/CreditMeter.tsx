import { Link } from '@tanstack/react-router';
import type { Budget } from '../../../api/session';
import { useLiveSession } from '../use-live-session';

/**
 * Whose limit stopped paid calls, and only the ways out that exist for it: the operator's CREDIT_LIMIT
 * cannot be raised, cleared or reset from the browser; the personal limit can.
 */
function reachedNotes(budget: Budget): { label: string; sentence: string; title: string } {
  if (budget.reachedBy === 'operator') {
    return {
      label: "operator's limit reached",
      sentence: `The server operator's limit of ${budget.operatorLimit} credits is reached: paid calls are refused. It counts all spend since the server started and cannot be changed from the browser`,
      title: `The server operator's limit of ${budget.operatorLimit} credits is reached: paid calls are refused. Only whoever runs creditscope can change it.`,
    };
  }
  if (budget.reachedBy === 'personal') {
    return {
      label: 'your limit reached',
      sentence: `Your limit of ${budget.personalLimit} credits for this session is reached: paid calls are refused until you raise or clear it, or start a new session`,
      title: 'Your limit for this session is reached: paid calls are refused. Open Credits to raise or clear it, or start a new session.',
    };
  }
  return {
    label: 'limit reached',
    sentence: `A credit limit of ${budget.limit} is reached: paid calls are refused`,
    title: 'A credit limit is reached: paid calls are refused. Open Credits to see which.',
  };
}

/** Always in the header: what this session has spent, on how many calls, and what the budget leaves. */
export function CreditMeter() {
  const { data, isError } = useLiveSession();
  if (isError) return <span className="text-xs text-red-700 dark:text-red-300">meter unavailable</span>;
  if (!data) return <span className="text-xs text-slate-500 dark:text-slate-400">loading meter…</span>;
  const { session, budget } = data;
  const reached = budget.reached ? reachedNotes(budget) : null;
  const budgetText = reached ? `. ${reached.sentence}` : budget.limit === null ? '' : `, ${budget.remaining} of ${budget.limit} left`;
  return (
    <Link
      to="/credits"
      data-testid="credit-meter"
      data-budget-reached={reached ? 'true' : undefined}
      data-reached-by={budget.reachedBy ?? undefined}
      aria-label={`Session spend: ${session.total} credits over ${session.calls} paid calls${budgetText}. Open the credits page.`}
      title={reached?.title}
      className={`flex items-center gap-2 rounded-full border px-3 py-1 text-sm tabular-nums no-underline ${budget.reached
        ? 'border-red-500 bg-red-50 text-red-900 hover:bg-red-100 dark:border-red-500 dark:bg-red-950/70 dark:text-red-100 dark:hover:bg-red-950'
        : 'border-slate-300 text-slate-900 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-900'}`}
    >
      <span><strong data-testid="meter-total">{session.total}</strong> credits</span>
      <span className={budget.reached ? '' : 'text-slate-600 dark:text-slate-400'} data-testid="meter-calls">{session.calls} {session.calls === 1 ? 'call' : 'calls'}</span>
      {reached ? (
        <span data-testid="meter-budget" className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white dark:bg-red-600">
          <span aria-hidden>■ </span>{reached.label}
        </span>
      ) : budget.limit !== null && (
        <span data-testid="meter-budget" className="text-slate-600 dark:text-slate-400">{budget.remaining} of {budget.limit} left</span>
      )}
    </Link>
  );
}
