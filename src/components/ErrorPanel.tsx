import { Link } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import type { describeError } from '../api/error-words';
import { ApiError } from '../api/errors';

type Describe = typeof describeError;

let loadedDescribe: Describe | null = null;

/**
 * The words load with the first failure rather than with every page (a page that never fails never needs
 * them). Should they not load (the server that failed may be the one serving them too), the error's own
 * message stands in, and the next panel tries again.
 */
function loadDescribe(): Promise<Describe> {
  return import('../api/error-words').then(
    (words) => (loadedDescribe = words.describeError),
    (): Describe => (error) => ({
      title: 'Something went wrong',
      detail: error instanceof Error ? error.message : String(error),
    }),
  );
}

function useDescribe(): Describe | null {
  const [describe, setDescribe] = useState(() => loadedDescribe);
  useEffect(() => {
    if (!describe) void loadDescribe().then((loaded) => setDescribe(() => loaded));
  }, [describe]);
  return describe;
}

/**
 * A failure said plainly, with Retry where trying again can help; what is already on screen stays.
 * A retry that buys shows its price (`retryCost`) before the click.
 */
export function ErrorPanel({
  error,
  onRetry,
  retryCost,
  compact = false,
}: {
  error: unknown;
  onRetry?: () => void;
  retryCost?: ReactNode;
  compact?: boolean;
}) {
  const describe = useDescribe();
  // Rendered whole or not at all: a panel that filled in its words a moment later would flash.
  if (!describe) return null;
  const { title, detail } = describe(error);
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
