import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/errors';
import type { Budget } from '../../../api/session';
import {
  addSpendAlert,
  removeSpendAlert,
  spendAlertsQueryOptions,
  spendKeys,
  type SpendAlert,
} from '../../../api/spend';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { useCacheMutation } from '../../../lib/use-cache-mutation';
import { alertRule } from '../alert-words';
import { dateTime } from '../format';
import { utcDay } from '../spend-view';
import { DECIMAL } from '../../../contract/decimal';
import { actionButton, control, fieldLabel } from './control-style';

const note = 'text-xs text-slate-500 dark:text-slate-400';

/** Whether an alert has fired for what it watches now (this session, or today): it fires once for each. */
function firedNow(alert: SpendAlert, sessionFired: (firedFor: string) => boolean): boolean {
  if (alert.firedFor === null) return false;
  // A signed-in person's day is their own (`person:<name>:day:…`), the store's where nobody signs in (`day:…`).
  return alert.kind === 'session' ? sessionFired(alert.firedFor) : alert.firedFor.endsWith(`day:${utcDay()}`);
}

/**
 * The alerts the person sets, kept by the server for every browser: "when this session reaches 2 credits",
 * "when today reaches 80 % of the limit". Each is shown once when crossed, on whatever page is open.
 */
export function SpendAlertsSection({ budget, sessionId }: { budget: Budget; sessionId: string }) {
  const queryClient = useQueryClient();
  const { data: alerts, error } = useQuery(spendAlertsQueryOptions());
  const land = (next: SpendAlert[]) => queryClient.setQueryData(spendKeys.alerts(), next);
  const add = useCacheMutation(addSpendAlert, land);
  const remove = useCacheMutation(removeSpendAlert, land);
  const [kind, setKind] = useState<SpendAlert['kind']>('session');
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const threshold = draft.trim();
    if (!DECIMAL.test(threshold) || Number(threshold) <= 0 || (kind === 'today' && Number(threshold) > 100)) {
      setProblem(
        kind === 'session' ? 'Enter a number of credits such as 2 or 0.5.' : 'Enter a percentage from 1 to 100.',
      );
      return;
    }
    setProblem(null);
    add.mutate({ kind, threshold }, { onSuccess: () => setDraft('') });
  }

  const failure = add.error ?? remove.error;
  return (
    <div className="space-y-3" data-testid="spend-alerts">
      {error !== null && !alerts && <ErrorPanel error={error} compact />}
      {alerts && alerts.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">No alerts set.</p>}
      {alerts && alerts.length > 0 && (
        <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-900">
          {alerts.map((alert) => (
            <li key={alert.id} className="flex flex-wrap items-center gap-2 py-1.5" data-testid="spend-alert">
              <span className="flex-1">
                {alertRule(alert)}
                <span className="block text-xs text-slate-500 dark:text-slate-400">
                  {firedNow(alert, (firedFor) => firedFor === `session:${sessionId}`)
                    ? `Fired ${alert.firedAt ? dateTime(alert.firedAt) : ''}: it waits for the next ${alert.kind === 'session' ? 'session' : 'day'}`
                    : alert.kind === 'today' && budget.limit === null
                      ? 'Waiting: no limit is set, so there is nothing to take a percentage of'
                      : 'Waiting'}
                </span>
              </span>
              <button
                type="button"
                disabled={remove.isPending}
                onClick={() => remove.mutate(alert.id)}
                className={`${actionButton} border border-slate-300 font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800`}
                aria-label={`Remove the alert: ${alertRule(alert)}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
        <label className={fieldLabel}>
          Tell me when
          <select
            className={control}
            value={kind}
            onChange={(event) => setKind(event.target.value as SpendAlert['kind'])}
          >
            <option value="session">this session reaches (credits)</option>
            <option value="today">today reaches (% of the limit)</option>
          </select>
        </label>
        <label className={fieldLabel}>
          {kind === 'session' ? 'Credits' : 'Percent'}
          <input
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            inputMode="decimal"
            placeholder={kind === 'session' ? 'e.g. 2' : 'e.g. 80'}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'alert-invalid' : undefined}
            className={`${control} w-24 tabular-nums`}
          />
        </label>
        <button
          type="submit"
          disabled={add.isPending}
          className={`${actionButton} bg-brand-600 text-white hover:bg-brand-700`}
        >
          Add alert
        </button>
      </form>
      {problem && (
        <p id="alert-invalid" className="text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      {failure !== null &&
        (failure instanceof ApiError && failure.kind === 'bad_request' ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {failure.message}
          </p>
        ) : (
          <ErrorPanel error={failure} compact />
        ))}
      <p className={note}>
        Free. An alert is shown once, on whichever page is open in one of your tabs, when the server next reads the
        spend after it is crossed; it fires again for the next session or day.
      </p>
    </div>
  );
}
