import { ApiError } from '../api/errors';

const note = 'rounded-md bg-slate-100 px-2 py-1 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300';

/** Whether a failed paid call cost anything (the proxy's charge state): said beside every paid error. */
export function ErrorChargeNote({ error }: { error: unknown }) {
  const charged = error instanceof ApiError ? error.charged : null;
  const answered = error instanceof ApiError && error.upstreamAnswered;
  const text =
    charged === 'yes'
      ? 'Charged: the upstream took credits for this answer.'
      : charged === 'unknown'
        ? 'May have been charged: no readable answer came back.'
        : charged === 'no' && answered
          ? 'Not charged: the upstream took no credits for this answer.'
          : 'Not charged: the request did not reach the upstream.';
  return (
    <p data-testid="charge-note" className={note}>
      {text}
    </p>
  );
}
