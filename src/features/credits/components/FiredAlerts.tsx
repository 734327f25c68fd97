import { Link } from '@tanstack/react-router';
import type { FiredAlert } from '../../../contract/spend-fired';
import { firedWords } from '../alert-words';

/** The notices of spend alerts crossed (SpendAlertNotice decides which): loaded only once one has fired. */
export default function FiredAlerts({
  alerts,
  onDismiss,
}: {
  alerts: readonly FiredAlert[];
  onDismiss: (alert: FiredAlert) => void;
}) {
  return (
    <div className="fixed inset-x-3 bottom-3 z-40 flex flex-col items-end gap-2 sm:left-auto sm:w-96">
      {alerts.map((alert) => (
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
              onClick={() => onDismiss(alert)}
            >
              Dismiss
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}
