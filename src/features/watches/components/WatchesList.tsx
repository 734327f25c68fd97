import { useState } from 'react';
import type { Watch } from '../../../api/watches';
import { hint } from '../../../components/form-styles';
import { nextRunWords, runWords, scheduleWords, targetWords } from '../watch-words';
import { WatchControls } from './WatchControls';
import { WatchFeedLink } from './FeedLinks';
import { WatchEditor } from './WatchEditor';
import { WatchHistory } from './WatchHistory';
import { WatchWebhook } from './WebhookPanel';

const badge = 'rounded-full px-2 py-0.5 text-xs font-semibold';
const kindTone = 'bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100';
const pausedTone = 'bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100';

function WatchRow({ watch }: { watch: Watch }) {
  const [editing, setEditing] = useState(false);
  const last = watch.lastRun;
  return (
    <li data-testid="watch-row" data-watch-id={watch.id} className="space-y-2 py-3">
      <div className="min-w-0 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-semibold text-slate-900 dark:text-white" data-testid="watch-row-name">
            {watch.name}
          </span>
          <span className={`${badge} ${kindTone}`}>{watch.kind === 'timeline' ? 'Timeline' : 'Search'}</span>
          {watch.paused && (
            <span className={`${badge} ${pausedTone}`} data-testid="watch-paused">
              Paused
            </span>
          )}
        </p>
        <p className={hint}>
          {targetWords(watch)} · <span data-testid="watch-row-schedule">{scheduleWords(watch)}</span> · cap{' '}
          {watch.cap.credits} credits a {watch.cap.per}
          {watch.match.length > 0 && <> · matching {watch.match.join(', ')}</>}
        </p>
        <p className={`${hint} tabular-nums`}>
          Next run: <span data-testid="watch-row-next">{nextRunWords(watch)}</span> · Last run:{' '}
          <span data-testid="watch-row-last" data-state={last?.state}>
            {last ? runWords(last) : 'none yet'}
          </span>
        </p>
      </div>
      {editing ? (
        <div className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
          <WatchEditor watch={watch} onDone={() => setEditing(false)} />
        </div>
      ) : (
        <WatchControls watch={watch} onEdit={() => setEditing(true)} />
      )}
      <WatchHistory watch={watch} />
      <WatchFeedLink watchId={watch.id} />
      <WatchWebhook watchId={watch.id} />
    </li>
  );
}

/** Every watch of the person's, with when it runs next, what its last run found and cost, and its controls. */
export function WatchesList({ watches }: { watches: readonly Watch[] }) {
  if (watches.length === 0)
    return (
      <p className={hint} data-testid="watches-empty">
        No watches yet: a watch appears here once saved.
      </p>
    );
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="watches-list">
      {watches.map((watch) => (
        <WatchRow key={watch.id} watch={watch} />
      ))}
    </ul>
  );
}
