import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { sessionQueryOptions, type SessionState } from '../../../api/session';
import type { FiredAlert } from '../../../contract/spend';
import { firedWords } from '../alert-words';

/**
 * The spend alerts the person set, when crossed: on every page, until dismissed. The server puts a crossed alert
 * in one answer of /api/_session only (server/store/spend/alerts.ts), so it is shown once, in the tab that read
 * it, and never again after a reload; this keeps it on screen after the next poll's answer replaces that one.
 */
export function SpendAlertNotice() {
  const { data } = useQuery(sessionQueryOptions());
  const [answer, setAnswer] = useState<SessionState | undefined>(data);
  const [shown, setShown] = useState<FiredAlert[]>(data?.alertsFired ?? []);
  // Each new answer's alerts join those on screen (state adjusted while rendering, not in an effect).
  if (data !== answer) {
    setAnswer(data);
    const fresh = (data?.alertsFired ?? []).filter(
      (alert) => !shown.some((old) => old.id === alert.id && old.firedAt === alert.firedAt),
    );
    if (fresh.length > 0) setShown([...shown, ...fresh]);
  }
  if (shown.length === 0) return null;
  return (
    <div className="fixed inset-x-3 bottom-3 z-40 flex flex-col items-end gap-2 sm:left-auto sm:w-96">
      {shown.map((alert) => (
        <div
          key={`${alert.id} ${alert.firedAt}`}
          role="alert"
          data-testid="spend-alert-notice"
          className="w-full rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 shadow-lg dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-semibold">Spend alert</p>
          <p>{firedWords(alert)}</p>
          <div className="mt-2 flex items-center gap-3">
            <Link to="/credits" className="font-medium text-amber-900 underline dark:text-amber-100">
              Where the credits went
            </Link>
            <button
              type="button"
              className="ml-auto rounded-md border border-amber-500 px-2 py-1 text-xs font-medium hover:bg-amber-100 dark:hover:bg-amber-900"
              onClick={() => setShown(shown.filter((other) => other !== alert))}
            >
              Dismiss
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}
