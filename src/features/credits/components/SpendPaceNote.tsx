import { useQuery } from '@tanstack/react-query';
import { sessionQueryOptions, type SessionState } from '../../../api/session';
import { paceSentence } from '../pace-words';
import { spendPace } from '../spend-pace';
import { useNow } from '../../../lib/use-now';

/**
 * The person's own pace in full: credits per hour over the last 15 minutes and, under their nearest limit and only
 * while spending goes on (a few calls in the window), when this pace reaches it. The same numbers as the meter's
 * (spend-pace.ts).
 */
export function SpendPaceNote({ state }: { state: SessionState }) {
  const now = Math.max(useNow(), useQuery(sessionQueryOptions()).dataUpdatedAt);
  const pace = spendPace(state, now);
  const soon = pace.forecast?.kind === 'at' && pace.forecast.inMs < 3_600_000;
  return (
    <p
      data-testid="credits-pace"
      data-forecast={pace.forecast?.kind}
      data-spending={String(pace.calls > 0)}
      data-rate={pace.perHour ?? undefined}
      className={`rounded-lg border px-3 py-2 text-sm ${
        soon
          ? 'border-amber-400 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100'
          : 'border-slate-200 text-slate-800 dark:border-slate-800 dark:text-slate-200'
      }`}
    >
      <span className="font-semibold">Rate: </span>
      {paceSentence(pace, state.session, now)}
    </p>
  );
}
