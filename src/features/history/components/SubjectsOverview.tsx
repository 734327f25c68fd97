import { useState } from 'react';
import type { HistoryFilter, HistorySubject } from '../../../api/history';
import { boughtOn, plural } from '../format';
import { subjectTarget } from '../links';
import { OpenLink } from './OpenLink';

/** Long histories start short; the rest is one click away. */
const FIRST = 8;
const panel = 'rounded-xl border border-slate-200 p-3 dark:border-slate-800';
const small =
  'whitespace-nowrap rounded-md border border-slate-300 px-2.5 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800';

/** Who and what was bought: each timeline opens free, each subject narrows the list of pages below. */
export function SubjectsOverview({
  subjects,
  onFilter,
}: {
  subjects: readonly HistorySubject[];
  onFilter: (filter: HistoryFilter) => void;
}) {
  const timelines = subjects.filter((subject) => subject.operation === 'timeline');
  const searches = subjects.filter((subject) => subject.operation === 'search');
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2" data-testid="history-subjects">
      <SubjectList title="Users" empty="No timeline bought yet." subjects={timelines} onFilter={onFilter} />
      <SubjectList title="Searches" empty="No search bought yet." subjects={searches} onFilter={onFilter} />
    </div>
  );
}

function SubjectList({
  title,
  empty,
  subjects,
  onFilter,
}: {
  title: string;
  empty: string;
  subjects: readonly HistorySubject[];
  onFilter: (filter: HistoryFilter) => void;
}) {
  const [all, setAll] = useState(false);
  const id = `history-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className={panel}>
      <h3 id={id} className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">
        {title} <span className="font-normal text-slate-500 dark:text-slate-400">{subjects.length}</span>
      </h3>
      {subjects.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {(all ? subjects : subjects.slice(0, FIRST)).map((subject) => {
            const target = subjectTarget(subject);
            const name = subject.operation === 'timeline' ? `@${subject.subject}` : `“${subject.subject}”`;
            return (
              <li
                key={`${subject.operation} ${subject.subject}`}
                data-testid="history-subject"
                className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2"
              >
                {/* Wide enough to read: on a phone the buttons go to the next line instead of squeezing the name. */}
                <span className="min-w-40 flex-1">
                  <span className="block truncate font-semibold text-slate-900 dark:text-white">{name}</span>
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    {plural(subject.pages, 'page')} · last bought {boughtOn(subject.lastBoughtAt)}
                  </span>
                </span>
                <span className="flex flex-wrap items-center gap-1">
                  <button
                    type="button"
                    className={small}
                    onClick={() => onFilter({ operation: subject.operation, subject: subject.subject })}
                  >
                    Show pages<span className="sr-only"> of {name}</span>
                  </button>
                  {target && <OpenLink target={target} />}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {subjects.length > FIRST && (
        <button
          type="button"
          onClick={() => setAll(!all)}
          aria-expanded={all}
          className="mt-1 w-full rounded-lg px-2 py-1.5 text-sm font-medium text-brand-700 hover:bg-slate-50 dark:text-sky-300 dark:hover:bg-slate-800/60"
        >
          {all ? 'Show fewer' : `Show all ${subjects.length}`}
        </button>
      )}
    </section>
  );
}
