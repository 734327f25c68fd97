import { useState, type ReactNode } from 'react';
import { useBought } from '../use-bought';
import { useNow } from '../use-now';
import { surface } from '../styles';
import { BoughtSearchItem, BoughtTimelineItem } from './BoughtItems';

/** Long histories start short; the rest is one click away. */
const FIRST = 6;

/** Everything already bought and still in this browser's cache: each opens again for free. */
export function BoughtSection() {
  const { timelines, searches } = useBought();
  const now = useNow();
  return (
    <section aria-labelledby="bought-title" data-testid="bought">
      <div className="mb-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id="bought-title" className="text-base font-bold text-slate-900 dark:text-white">Already bought</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">Kept in this browser for 24 hours; opening them again costs nothing.</p>
      </div>
      {timelines.length === 0 && searches.length === 0 ? <NothingYet /> : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <List title="Timelines" count={timelines.length} empty="No timelines yet."
            items={timelines.map((entry) => <BoughtTimelineItem key={entry.hash} entry={entry} now={now} />)} />
          <List title="Searches" count={searches.length} empty="No searches yet."
            items={searches.map((entry) => <BoughtSearchItem key={entry.hash} entry={entry} now={now} />)} />
        </div>
      )}
    </section>
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
      {count === 0 ? <p className="px-2 pb-2 text-sm text-slate-600 dark:text-slate-400">{empty}</p> : (
        <ul aria-labelledby={id}>{all ? items : items.slice(0, FIRST)}</ul>
      )}
      {count > FIRST && (
        <button type="button" onClick={() => setAll(!all)} aria-expanded={all}
          className="mt-1 w-full rounded-lg px-2 py-1.5 text-sm font-medium text-brand-700 hover:bg-slate-50
            dark:text-sky-300 dark:hover:bg-slate-800/60">
          {all ? 'Show fewer' : `Show all ${count}`}
        </button>
      )}
    </div>
  );
}

function NothingYet() {
  return (
    <div data-testid="bought-empty" className="rounded-2xl border border-dashed border-slate-300 px-4 py-8 text-center dark:border-slate-700">
      <svg aria-hidden viewBox="0 0 24 24" className="mx-auto h-8 w-8 fill-none stroke-slate-400 stroke-[1.5]">
        <path d="M3 7.5 12 3l9 4.5v9L12 21l-9-4.5v-9Z M3 7.5l9 4.5 9-4.5 M12 12v9" strokeLinejoin="round" />
      </svg>
      <p className="mt-2 font-semibold text-slate-900 dark:text-white">Nothing bought yet</p>
      <p className="mx-auto mt-1 max-w-md text-sm text-slate-600 dark:text-slate-400">
        Open a timeline or run a search above. Whatever you buy is listed here, and opens again from the cache for free.
      </p>
    </div>
  );
}
