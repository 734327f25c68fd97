import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { sessionQueryOptions, type SessionState } from '../../../api/session';
import type { FiredAlert } from '../../../contract/spend-fired';

// Every page's shell holds only this watch; the notices load the first time an alert fires.
const FiredAlerts = lazy(() => import('./FiredAlerts'));

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
    <Suspense fallback={null}>
      <FiredAlerts alerts={shown} onDismiss={(alert) => setShown(shown.filter((other) => other !== alert))} />
    </Suspense>
  );
}
