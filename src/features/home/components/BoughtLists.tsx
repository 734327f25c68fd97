import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { historyQueryOptions, type HistorySubject } from '../../../api/history';
import { useBought } from '../use-bought';
import { useNow } from '../../../lib/use-now';
import { surface } from '../styles';
import { BoughtSearchItem, BoughtTimelineItem } from './BoughtItems';
import { NothingBought } from './NothingBought';

/** Long histories start short; the rest is one click away. */
const FIRST = 6;

/** The timelines and searches still in this browser's cache, side by side; each opens again for free. */
export function BoughtLists() {
  const { timelines, searches } = useBought();
  const now = useNow(60_000);
  // History's own overview (the same query, free): a row says what History says of that user.
  const history = useInfiniteQuery(historyQueryOptions({}));
  const subjects = history.data?.pages[0]?.subjects ?? [];
  const subjectOf = (subject: string) =>
    subjects.find((entry: HistorySubject) => entry.operation === 'timeline' && entry.subject === subject) ?? null;
  // The cache held something that looked bought, but none of it reads as a page (a shape from an older build).
  if (timelines.length === 0 && searches.length === 0) return <NothingBought />;
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <List
        title="Timelines"
        count={timelines.length}
        empty="No timelines yet."
        items={timelines.map((entry) => (
          <BoughtTimelineItem
            key={entry.hash}
            entry={entry}
            now={now}
            archived={subjectOf('screen_name' in entry.search ? entry.search.screen_name : entry.search.rest_id)}
          />
        ))}
      />
      <List
        title="Searches"
        count={searches.length}
        empty="No searches yet."
        items={searches.map((entry) => (
          <BoughtSearchItem key={entry.hash} entry={entry} now={now} />
        ))}
      />
    </div>
  );
}

function List({ title, count, empty, items }: { title: string; count: number; empty: string; items: ReactNode[] }) {
  const [all, setAll] = useState(false);
  const id = `bought-${title.toLowerCase()}`;
  return (
    <div className={`${surface} p-2 sm:p-3`}>
      <h3 id={id} className="px-2 pt-1 pb-2 text-sm font-semibold text-slate-900 dark:text-white">
        {title} <span className="font-normal text-slate-500 dark:text-slate-400">{count}</span>
      </h3>
      {count === 0 ? (
        <p className="px-2 pb-2 text-sm text-slate-600 dark:text-slate-400">{empty}</p>
      ) : (
        <ul aria-labelledby={id}>{all ? items : items.slice(0, FIRST)}</ul>
      )}
      {count > FIRST && (
        <button
          type="button"
          onClick={() => setAll(!all)}
          aria-expanded={all}
          className="mt-1 w-full rounded-lg px-2 py-1.5 text-sm font-medium text-brand-700 hover:bg-slate-50
            dark:text-sky-300 dark:hover:bg-slate-800/60"
        >
          {all ? 'Show fewer' : `Show all ${count}`}
        </button>
      )}
    </div>
  );
}
