import { useState, type FormEvent } from 'react';
import { ErrorPanel } from '../../../components/ErrorPanel';
import type { SessionState } from '../../../api/session';
import { useSetBudget } from '../use-session-actions';

const DECIMAL = /^\d+(\.\d+)?$/;
const button = 'rounded-md px-3 py-1.5 text-sm font-semibold disabled:opacity-40';

/** Shows the limit the proxy enforces and sets or clears it (PUT /api/_session/budget). */
export function BudgetControl({ budget, spent }: { budget: SessionState['budget']; spent: string }) {
  const [draft, setDraft] = useState('');
  const [invalid, setInvalid] = useState(false);
  const mutation = useSetBudget();

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = draft.trim();
    if (!DECIMAL.test(value)) { setInvalid(true); return; }
    setInvalid(false);
    mutation.mutate(value, { onSuccess: () => setDraft('') });
  }

  return (
    <div className="space-y-2" data-testid="budget-control">
      <p className="text-sm text-slate-800 dark:text-slate-200">
        {budget.limit === null
          ? <>No limit: paid calls are never refused.</>
          : <>Limit <strong className="tabular-nums" data-testid="budget-limit">{budget.limit}</strong> credits per session, <span className="tabular-nums">{spent}</span> spent, <span className="tabular-nums">{budget.remaining}</span> left.</>}
      </p>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
        <label className="flex flex-col text-xs font-medium text-slate-600 dark:text-slate-400">
          New limit (credits)
          <input value={draft} onChange={(event) => setDraft(event.target.value)} inputMode="decimal" placeholder={budget.limit ?? 'e.g. 5'}
            aria-invalid={invalid || undefined} aria-describedby={invalid ? 'budget-invalid' : undefined}
            className="w-28 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm tabular-nums dark:border-slate-700 dark:bg-slate-900" />
        </label>
        <button type="submit" disabled={mutation.isPending} className={`${button} bg-brand-600 text-white hover:bg-brand-700`}>Set limit</button>
        <button type="button" disabled={mutation.isPending || budget.limit === null} onClick={() => mutation.mutate(null)}
          className={`${button} border border-slate-300 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800`}>Clear limit</button>
      </form>
      {invalid && <p id="budget-invalid" className="text-sm text-red-700 dark:text-red-300">Enter a number of credits such as 5 or 0.5.</p>}
      {mutation.isError && <ErrorPanel error={mutation.error} compact />}
      <p className="text-xs text-slate-500 dark:text-slate-400">
        The proxy refuses paid calls with HTTP 402 once the session has spent the limit, so spend passes it by at most one call.
        CREDIT_LIMIT in the server environment sets the limit at start (and wins over one set here); a limit set here is kept in the ledger.
      </p>
    </div>
  );
}
