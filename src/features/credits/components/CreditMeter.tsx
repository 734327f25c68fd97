import { Link } from '@tanstack/react-router';
import { useLiveSession } from '../use-live-session';

/** Always in the header: what this session has spent, on how many calls, and what the budget leaves. */
export function CreditMeter() {
  const { data, isError } = useLiveSession();
  if (isError) return <span className="text-xs text-red-700 dark:text-red-300">meter unavailable</span>;
  if (!data) return <span className="text-xs text-slate-500 dark:text-slate-400">loading meter…</span>;
  const { session, budget } = data;
  return (
    <Link
      to="/credits"
      data-testid="credit-meter"
      aria-label={`Session spend: ${session.total} credits over ${session.calls} paid calls${budget.limit ? `, ${budget.remaining} of ${budget.limit} left` : ''}. Open the credits page.`}
      className={`flex items-baseline gap-2 rounded-full border px-3 py-1 text-sm tabular-nums no-underline hover:bg-slate-50 dark:hover:bg-slate-900 ${budget.reached ? 'border-red-400 text-red-800 dark:border-red-500 dark:text-red-200' : 'border-slate-300 dark:border-slate-700'}`}
    >
      <span><strong data-testid="meter-total">{session.total}</strong> credits</span>
      <span className="text-slate-600 dark:text-slate-400" data-testid="meter-calls">{session.calls} {session.calls === 1 ? 'call' : 'calls'}</span>
      {budget.limit !== null && (
        <span data-testid="meter-budget" className={budget.reached ? 'font-semibold' : 'text-slate-600 dark:text-slate-400'}>
          {budget.reached ? 'budget reached' : `${budget.remaining} left`}
        </span>
      )}
    </Link>
  );
}
