import type { JobItem } from '../../../api/jobs';
import { ITEM_STATUS_WORDS, pageProgress, plural } from '../job-words';
import { ProgressBar } from './ProgressBar';
import { creditsText } from '../../../lib/plural';

const statusTone: Record<JobItem['status'], string> = {
  queued: 'text-slate-600 dark:text-slate-400',
  running: 'text-sky-800 dark:text-sky-300',
  done: 'text-emerald-800 dark:text-emerald-300',
  failed: 'text-red-800 dark:text-red-300',
  stopped: 'text-amber-900 dark:text-amber-300',
  cancelled: 'text-slate-600 dark:text-slate-400',
};

/** One bar per handle or search: its pages, posts and credits, and why it ended if it did not finish. */
export function JobItems({ items, paused }: { items: readonly JobItem[]; paused: boolean }) {
  return (
    <ul className="space-y-3" aria-label="Items" data-testid="job-items">
      {items.map((item) => {
        const name = item.kind === 'timeline' ? `@${item.subject}` : `“${item.subject}”`;
        const progress = pageProgress(item.pagesDone, item.pagesPlanned, item.status === 'done');
        // An item the job was on when paused waits with it: "running" would say it is still buying.
        const status = paused && item.status === 'running' ? 'paused' : ITEM_STATUS_WORDS[item.status];
        return (
          <li key={item.position} data-testid="job-item" data-status={item.status} className="min-w-0">
            <ProgressBar
              label={`${name}${item.kind === 'search' ? ' (search)' : ''}`}
              value={progress.value}
              text={`${progress.text} ${item.pagesPlanned === 1 ? 'page' : 'pages'}`}
              tone={item.status === 'failed' || item.status === 'stopped' ? 'amber' : 'brand'}
            />
            <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs tabular-nums text-slate-600 dark:text-slate-400">
              <span className={`font-medium ${statusTone[item.status]}`}>{status}</span>
              <span>{plural(item.posts, item.kind === 'timeline' ? 'post' : 'result')}</span>
              <span>{creditsText(item.credits)}</span>
            </p>
            {/* A stopped item stopped with its job, whose notice says why once; a failed one has its own reason. */}
            {item.error && item.status === 'failed' && (
              <p className="mt-0.5 break-words text-xs text-red-800 dark:text-red-300">{item.error}</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
