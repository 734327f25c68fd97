import { useState, type FormEvent } from 'react';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { ApiError } from '../../../api/errors';
import type { Budget } from '../../../api/session';
import { operatorScope, periodWords, warningNote } from '../budget-words';
import { isAbove, leftUnder } from '../limits';
import { useSetBudget } from '../use-session-actions';
import type { CreditPrice } from '../../../contract/session';
import { Money } from '../../../components/Money';
import { DECIMAL } from '../../../contract/decimal';
import { actionButton, fieldLabel } from './control-style';

const note = 'text-xs text-slate-500 dark:text-slate-400';

/** The server's own reason for refusing a limit (a 400 from creditscope, not from the upstream). */
const refusal = (error: unknown) => (error instanceof ApiError && error.kind === 'bad_request' ? error.message : null);

/** The operator's ceiling, read-only: it counts all spend in its period and only its owner can move it. */
function OperatorLimit({ budget, price }: { budget: Budget; price: CreditPrice | null | undefined }) {
  const { operatorLimit } = budget;
  return (
    <div data-testid="operator-limit">
      <p className="text-sm text-slate-800 dark:text-slate-200">
        {operatorLimit === null ? (
          <>No limit set by the server operator.</>
        ) : (
          <>
            Limit set by the server operator:{' '}
            <strong className="tabular-nums" data-testid="operator-limit-value">
              {operatorLimit}
            </strong>{' '}
            credits <Money credits={operatorLimit} price={price} testId="operator-limit-money" />
            {' · '}
            <span className="tabular-nums" data-testid="operator-limit-left">
              {leftUnder(operatorLimit, budget.spentInPeriod)}
            </span>{' '}
            left {periodWords(budget.period)}
          </>
        )}
      </p>
      <p className={note}>
        {operatorLimit === null
          ? 'Whoever runs creditscope can set one with CREDIT_LIMIT in the server environment.'
          : `It counts ${operatorScope(budget.period)}, and cannot be changed from this page: only whoever runs creditscope can (CREDIT_LIMIT${budget.period === 'total' ? '' : ', CREDIT_LIMIT_PERIOD'}).`}
      </p>
    </div>
  );
}

/** Shows both limits and sets or clears the personal one (PUT /api/_session/budget), never above the operator's. */
export function BudgetControl({
  budget,
  spent,
  price,
}: {
  budget: Budget;
  spent: string;
  /** The operator's price of a credit: each limit's money beside it. */
  price?: CreditPrice | null;
}) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useSetBudget();
  const { operatorLimit, personalLimit } = budget;

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = draft.trim();
    if (!DECIMAL.test(value)) {
      setProblem('Enter a number of credits such as 5 or 0.5.');
      return;
    }
    if (operatorLimit !== null && isAbove(value, operatorLimit)) {
      setProblem(`At most ${operatorLimit} credits: your limit cannot be higher than the server operator's.`);
      return;
    }
    setProblem(null);
    mutation.mutate(value, { onSuccess: () => setDraft('') });
  }

  return (
    <div className="space-y-3" data-testid="budget-control">
      <OperatorLimit budget={budget} price={price} />
      {budget.warning && !budget.reached && (
        <p
          role="status"
          data-testid="budget-warning"
          className="rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100"
        >
          <span aria-hidden>▲ </span>
          {warningNote(budget)}
        </p>
      )}
      <div className="space-y-2" data-testid="personal-limit">
        <p className="text-sm text-slate-800 dark:text-slate-200">
          Your limit for this session:{' '}
          {personalLimit === null ? (
            <>none</>
          ) : (
            <>
              <strong className="tabular-nums" data-testid="personal-limit-value">
                {personalLimit}
              </strong>{' '}
              credits <Money credits={personalLimit} price={price} testId="personal-limit-money" />
              {' · '}
              <span className="tabular-nums">{leftUnder(personalLimit, spent)}</span> left
            </>
          )}
        </p>
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
          <label className={fieldLabel}>
            {operatorLimit === null ? 'Your limit (credits)' : `Your limit (credits, at most ${operatorLimit})`}
            <input
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              inputMode="decimal"
              placeholder={personalLimit ?? operatorLimit ?? 'e.g. 5'}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'budget-invalid' : undefined}
              className="w-28 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm tabular-nums dark:border-slate-700 dark:bg-slate-900"
            />
          </label>
          <button
            type="submit"
            disabled={mutation.isPending}
            className={`${actionButton} bg-brand-600 text-white hover:bg-brand-700`}
          >
            Set limit
          </button>
          <button
            type="button"
            disabled={mutation.isPending || personalLimit === null}
            onClick={() => mutation.mutate(null)}
            className={`${actionButton} border border-slate-300 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800`}
          >
            Clear my limit
          </button>
        </form>
        {problem && (
          <p id="budget-invalid" className="text-sm text-red-700 dark:text-red-300">
            {problem}
          </p>
        )}
        {mutation.isError &&
          (refusal(mutation.error) ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {refusal(mutation.error)}
            </p>
          ) : (
            <ErrorPanel error={mutation.error} compact />
          ))}
        <p className={note}>
          Paid calls are refused (HTTP 402) as soon as either limit is reached. Calls already under way finish, so spend
          can pass a limit by at most one call.
          {operatorLimit !== null && ' Clearing your limit leaves the operator’s in force.'}
        </p>
      </div>
    </div>
  );
}
