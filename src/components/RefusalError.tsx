import { ApiError } from '../api/errors';
import { ErrorPanel } from './ErrorPanel';

/**
 * A refusal from creditscope's own API (a 400 naming the bad fields, a 409) is creditscope speaking, not the
 * upstream: it gets its own title; anything else is said as every other failure is.
 */
export function RefusalError({ error, title, testId }: { error: unknown; title: string; testId: string }) {
  if (
    error instanceof ApiError &&
    error.status !== null &&
    error.status >= 400 &&
    error.status < 500 &&
    error.kind !== 'budget'
  ) {
    return (
      <div
        role="alert"
        data-testid={testId}
        className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100"
      >
        <p className="font-semibold">{title}</p>
        <p className="mt-1 break-words">{error.message}</p>
      </div>
    );
  }
  return <ErrorPanel error={error} compact />;
}
