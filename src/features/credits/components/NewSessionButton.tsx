import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { sessionQueryOptions } from '../../../api/session';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { operatorScope } from '../budget-words';
import { useStartNewSession } from '../use-session-actions';
import { actionButton } from './control-style';

/** Starts the session totals again at 0 after an explicit confirmation; the current session moves to past sessions. */
export function NewSessionButton({ total }: { total: string }) {
  const [confirming, setConfirming] = useState(false);
  const mutation = useStartNewSession();
  const budget = useQuery(sessionQueryOptions()).data?.budget;
  const operatorLimit = budget?.operatorLimit ?? null;
  if (!confirming) {
    return (
      <button
        type="button"
        onClick={() => setConfirming(true)}
        className={`${actionButton} border border-slate-300 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800`}
      >
        New session
      </button>
    );
  }
  return (
    <div
      role="group"
      aria-label="Confirm new session"
      className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-300 p-2 text-sm dark:border-slate-700"
    >
      <span>
        Start a new session at 0? This one ({total} credits) stays in past sessions.
        {operatorLimit !== null &&
          budget &&
          ` The server operator's limit of ${operatorLimit} keeps counting ${operatorScope(budget.period)}.`}
      </span>
      <button
        type="button"
        autoFocus
        disabled={mutation.isPending}
        className={`${actionButton} bg-brand-600 text-white hover:bg-brand-700`}
        onClick={() => mutation.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      >
        Start new session
      </button>
      <button
        type="button"
        className={`${actionButton} hover:bg-slate-100 dark:hover:bg-slate-800`}
        onClick={() => setConfirming(false)}
      >
        Cancel
      </button>
      {mutation.isError && <ErrorPanel error={mutation.error} compact />}
    </div>
  );
}
