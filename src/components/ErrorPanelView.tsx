import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { describeError } from '../api/error-words';
import { ApiError } from '../api/errors';

export interface ErrorPanelProps {
  error: unknown;
  onRetry?: () => void;
  retryCost?: ReactNode;
  compact?: boolean;
}

/** The panel itself, with its words: loaded with the first failure (src/components/ErrorPanel.tsx). */
export function ErrorPanelView({ error, onRetry, retryCost, compact = false }: ErrorPanelProps) {
  const { title, detail } = describeError(error);
  const canRetry =
    onRetry &&
    !(
      error instanceof ApiError &&
      (error.kind === 'budget' || error.kind === 'not_found' || error.kind === 'bad_request')
    );
  return (
    <div
      role="alert"
      data-testid="error-panel"
      data-kind={error instanceof ApiError ? error.kind : 'unknown'}
      className={`rounded-lg border border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100 ${compact ? 'p-3 text-sm' : 'p-4'}`}
    >
      <p className="font-semibold">{title}</p>
      <p className="mt-1 break-words text-sm">{detail}</p>
      {/* A limit is read, raised or cleared on the Credits page: "Credit budget reached" leads there. */}
      {error instanceof ApiError && error.kind === 'budget' && (
        <Link
          to="/credits"
          data-testid="error-credits-link"
          className="mt-2 inline-block text-sm font-semibold underline"
        >
          Open Credits
        </Link>
      )}
      {canRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="mt-3 rounded-md bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 dark:bg-red-600 dark:hover:bg-red-500"
        >
          Retry
          {retryCost ? (
            <span className="ml-2 rounded bg-white/95 px-1 leading-snug dark:bg-slate-950/90">{retryCost}</span>
          ) : null}
        </button>
      )}
    </div>
  );
}
