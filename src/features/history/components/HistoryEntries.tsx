import type { HistoryEntry } from '../../../api/history';
import { boughtOn } from '../format';
import { entryTarget, pageLabel } from '../links';
import { OpenLink } from './OpenLink';

/** Pages bought, newest first: what each was, when and for how much, and a free way to open it. */
export function HistoryEntries({ entries }: { entries: readonly HistoryEntry[] }) {
  return (
    <ol className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="history-entries">
      {entries.map((entry) => {
        const target = entryTarget(entry);
        const name = entry.operation === 'timeline' ? `@${entry.subject}` : `“${entry.subject}”`;
        return (
          <li
            key={entry.pageKey}
            data-testid="history-entry"
            data-operation={entry.operation}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2"
          >
            {/* On a phone the kind is told by the name itself (@handle or “query”), and the space goes to the text. */}
            <span
              aria-hidden
              className="hidden w-16 shrink-0 rounded bg-slate-100 px-1.5 py-0.5 text-center text-xs font-medium text-slate-700 sm:block dark:bg-slate-800 dark:text-slate-300"
            >
              {entry.operation === 'timeline' ? 'timeline' : 'search'}
            </span>
            {/* Wide enough to read: on a phone the Open link wraps below it rather than squeezing it to a word a line. */}
            <span className="min-w-0 flex-1 basis-48">
              <span className="block truncate text-sm font-semibold text-slate-900 dark:text-white">
                <span className="sr-only">{entry.operation === 'timeline' ? 'Timeline ' : 'Search '}</span>
                {name}
              </span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">
                {pageLabel(entry)} · bought {boughtOn(entry.boughtAt)}
                {entry.person ? ` by ${entry.person}` : ''} · paid {entry.credits}{' '}
                {entry.credits === '1' ? 'credit' : 'credits'} then
              </span>
            </span>
            {/* A timeline opens at its first page, whichever of its pages this entry is: that page's freshness is what counts. */}
            {target && (
              <OpenLink
                target={target}
                label={entry.operation === 'timeline' && entry.params.cursor !== undefined ? 'Open timeline' : 'Open'}
              />
            )}
          </li>
        );
      })}
    </ol>
  );
}
