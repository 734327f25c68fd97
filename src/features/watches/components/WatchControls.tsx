import { Pause, Pencil, Play, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Watch } from '../../../api/watches';
import { ApiError } from '../../../api/errors';
import { button } from '../../../components/form-styles';
import { RefusalError } from '../../../components/RefusalError';
import { useChangeWatch, useDeleteWatch, useRunWatch } from '../use-watch-actions';

const paid = 'text-xs font-normal text-amber-800 dark:text-amber-300';

/**
 * Run now's price, on the button before the click: the watch's quote per run (the most its pages cost). With no
 * price known yet (no page of the kind bought so far) there is nothing to accept, and the button says so.
 */
export function runNowLabel(watch: Pick<Watch, 'quote'>): string {
  return watch.quote.perRun === null ? 'no price yet: buy a first page' : `at most ${watch.quote.perRun} credits`;
}

/**
 * Pause or resume, edit, run now (its price on it) and delete (asked twice). Only Run now spends, and only what
 * its button says: a higher price by the time it is pressed is refused by the server (409) and shown.
 */
export function WatchControls({ watch, onEdit }: { watch: Watch; onEdit: () => void }) {
  const change = useChangeWatch(watch.id);
  const run = useRunWatch(watch.id);
  const remove = useDeleteWatch(watch.id);
  const [confirming, setConfirming] = useState(false);
  const failed = change.error ?? run.error ?? remove.error;
  const priceChanged = run.error instanceof ApiError && run.error.status === 409;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={button}
          data-testid="watch-run-now"
          onClick={() => {
            if (!run.isPending && watch.quote.perRun !== null) run.mutate(watch.quote.perRun);
          }}
          aria-disabled={watch.quote.perRun === null || undefined}
          aria-busy={run.isPending || undefined}
        >
          <RefreshCw
            aria-hidden
            className={`h-4 w-4 ${run.isPending ? 'animate-spin motion-reduce:animate-none' : ''}`}
          />
          Run now <span className={paid}>{runNowLabel(watch)}</span>
        </button>
        {/* One button that turns from Pause to Resume, so keyboard focus stays on it. */}
        <button
          type="button"
          className={button}
          data-testid={watch.paused ? 'watch-resume' : 'watch-pause'}
          onClick={() => change.mutate({ paused: !watch.paused })}
        >
          {watch.paused ? <Play aria-hidden className="h-4 w-4" /> : <Pause aria-hidden className="h-4 w-4" />}
          {watch.paused ? 'Resume' : 'Pause'}
        </button>
        <button type="button" className={button} data-testid="watch-edit" onClick={onEdit}>
          <Pencil aria-hidden className="h-4 w-4" />
          Edit
        </button>
        {confirming ? (
          <span role="group" aria-label={`Delete ${watch.name}?`} className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className={`${button} border-red-400 text-red-800 dark:border-red-700 dark:text-red-200`}
              data-testid="watch-delete-confirm"
              onClick={() => remove.mutate(undefined)}
            >
              <Trash2 aria-hidden className="h-4 w-4" />
              Delete for good
            </button>
            <button
              type="button"
              className={button}
              data-testid="watch-delete-keep"
              onClick={() => setConfirming(false)}
            >
              Keep it
            </button>
          </span>
        ) : (
          <button type="button" className={button} data-testid="watch-delete" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden className="h-4 w-4" />
            Delete
          </button>
        )}
      </div>
      {failed !== null && (
        <RefusalError
          error={failed}
          title={
            priceChanged ? 'Not run: its price changed; the button now shows the new one' : 'The watch did not change'
          }
          testId="watch-error"
        />
      )}
    </div>
  );
}
