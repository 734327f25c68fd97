import type { ReactNode } from 'react';
import { describeError } from '../api/error-words';
import { ApiError } from '../api/errors';

/**
 * A failure said plainly, with Retry where trying again can help; what is already on screen stays.
 * A retry that buys shows its price (`retryCost`) before the click.
 */
export function ErrorPanel({ error, onRetry, retryCost, compact = false }: {
  error: unknown; onRetry?: () => void; retryCost?: ReactNode; compact?: boolean;
}) {
  const { title, detail } = describeError(error);
  const canRetry = onRetry && !(error instanceof ApiError && (error.kind === 'budget' || error.kind === 'not_found' || error.kind === 'bad_request'));
  return (
    <div role="alert" data-testid="error-panel" data-kind={error instanceof ApiError ? error.kind : 'unknown'}
      className={`rounded-lg border border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100 ${compact ? 'p-3 text-sm' : 'p-4'}`}>
      <p className="font-semibold">{title}</p>
      <p className="mt-1 break-words text-sm">{detail}</p>
      {canRetry && (
        <button type="button" onClick={onRetry}
          className="mt-3 rounded-md bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 dark:bg-red-600 dark:hover:bg-red-500">
          Retry{retryCost ? <span className="ml-2 rounded bg-white/95 px-1 leading-snug dark:bg-slate-950/90">{retryCost}</span> : null}
        </button>
      )}
    </div>
  );
}
