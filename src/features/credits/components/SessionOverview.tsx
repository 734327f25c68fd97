import { lazy, Suspense } from 'react';
import type { SessionState } from '../../../api/session';
import { periodWords, personLimitWords } from '../budget-words';
import { dateTime, plural } from '../format';
import { Money } from '../../../components/Money';
import { SpendPaceNote } from './SpendPaceNote';

// Only where people sign in is there a team to show: a single person's Credits page never loads it.
const TeamSpend = lazy(() => import('./TeamSpend').then((module) => ({ default: module.TeamSpend })));

const card = 'rounded-lg border border-slate-200 p-3 dark:border-slate-800';
const label = 'text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400';

/** The tighter limit in a few words, saying whose it is. */
function budgetSummary({ budget }: SessionState): string {
  if (budget.limit === null) return 'No limit';
  if (budget.reachedBy === 'operator') return `Reached: the server operator's limit of ${budget.operatorLimit}`;
  if (budget.reachedBy === 'personal') return `Reached: your limit of ${budget.personalLimit}`;
  if (budget.reachedBy === 'person' && budget.person) return `Reached: ${personLimitWords(budget.person)}`;
  if (budget.limit === budget.personalLimit) return `${budget.remaining} of ${budget.limit} left (your limit)`;
  if (budget.person && budget.limit === budget.person.limit && budget.limit !== budget.operatorLimit)
    return `${budget.remaining} of ${budget.limit} left (${personLimitWords(budget.person)})`;
  const when = budget.period === 'total' ? '' : ` ${periodWords(budget.period)}`;
  return `${budget.remaining} of ${budget.limit} left${when} (the operator's limit)`;
}

/** The session at a glance: exact total from the server, calls, budget and where the data comes from. */
export function SessionOverview({ state }: { state: SessionState }) {
  const { session, budget, mode, upstream } = state;
  return (
    <div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <div className={card}>
          <dt className={label}>Spent this session</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums text-slate-900 dark:text-white">
            <span data-testid="credits-total">{session.total}</span>{' '}
            <span className="text-sm font-normal">{session.total === '1' ? 'credit' : 'credits'}</span>
          </dd>
          <dd className="text-sm">
            <Money credits={session.total} price={state.creditPrice} testId="credits-total-money" />
          </dd>
        </div>
        <div className={card}>
          <dt className={label}>Paid calls</dt>
          <dd
            className="mt-1 text-2xl font-bold tabular-nums text-slate-900 dark:text-white"
            data-testid="credits-calls"
          >
            {session.calls}
          </dd>
          {session.failedFree > 0 && (
            <dd className="text-xs text-slate-600 dark:text-slate-400" data-testid="credits-failed-free">
              + {plural(session.failedFree, 'failed call')} that cost nothing
            </dd>
          )}
        </div>
        <div className={card}>
          <dt className={label}>Budget</dt>
          <dd
            className={`mt-1 text-sm tabular-nums ${budget.reached ? 'font-semibold text-red-800 dark:text-red-200' : 'text-slate-800 dark:text-slate-200'}`}
          >
            {budgetSummary(state)}
          </dd>
        </div>
        <div className={card}>
          <dt className={label}>Data source</dt>
          <dd className="mt-1 text-sm text-slate-800 dark:text-slate-200">
            <span
              data-testid="credits-mode"
              className={mode === 'demo' ? 'font-semibold text-amber-800 dark:text-amber-300' : 'font-semibold'}
            >
              {mode === 'demo' ? 'Demo mode' : 'Upstream API'}
            </span>
            <span className="block break-words text-xs text-slate-600 dark:text-slate-400">{upstream}</span>
          </dd>
        </div>
      </dl>
      {state.team && (
        <Suspense fallback={null}>
          <TeamSpend team={state.team} />
        </Suspense>
      )}
      <div className="mt-3">
        <SpendPaceNote state={state} />
      </div>
      <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
        Session started {dateTime(session.startedAt)}. Totals are exact decimals kept by the server; a call whose charge
        could not be known is counted at the going price.
      </p>
    </div>
  );
}
