import type { SpendBreakdown } from '../../../api/spend';
import { plural } from '../format';

/** The period's total and calls above the chart, with the calls whose outcome is unknown or still in flight. */
export function SpendTotals({ breakdown }: { breakdown: SpendBreakdown }) {
  const failedFree = breakdown.groups.reduce((sum, group) => sum + group.failedFree, 0);
  return (
    <div className="text-sm text-slate-700 dark:text-slate-300">
      <p>
        <span className="font-semibold tabular-nums text-slate-900 dark:text-white" data-testid="spend-total">
          {breakdown.total}
        </span>{' '}
        credits · {plural(breakdown.calls, 'paid call')}
        {failedFree > 0 && `, ${plural(failedFree, 'free failure')}`}
        {breakdown.session && ' · the session total above'}
      </p>
      {breakdown.unknownCalls > 0 && (
        <p className="text-amber-800 dark:text-amber-300" data-testid="spend-unknown">
          Includes {breakdown.unknownCredits} credits of {plural(breakdown.unknownCalls, 'call')} whose outcome is
          unknown (sent, no answer read): booked at the price they held, as the ledger counts them.
        </p>
      )}
      {breakdown.inFlight > 0 && (
        <p className="text-slate-500 dark:text-slate-400" data-testid="spend-in-flight">
          {plural(breakdown.inFlight, 'call')} in flight, not counted until answered.
        </p>
      )}
    </div>
  );
}
