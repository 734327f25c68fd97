import type { HistoryFilter, HistorySubject } from '../../../api/history';
import type { PaidOperation } from '../../../contract/operations';

const control =
  'w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900';
// Side by side from `sm`; on a phone each takes the row it needs, so a long subject never squeezes its box away.
const label = 'flex min-w-40 flex-1 flex-col text-xs font-medium text-slate-600 sm:flex-none dark:text-slate-400';

/** Operation and subject (the server matches a subject exactly, so it is picked from those bought, not typed). */
export function HistoryFilters({
  filter,
  subjects,
  onChange,
}: {
  filter: HistoryFilter;
  subjects: readonly HistorySubject[];
  onChange: (next: HistoryFilter) => void;
}) {
  const choices = subjects.filter((subject) => !filter.operation || subject.operation === filter.operation);
  const known = !filter.subject || choices.some((subject) => subject.subject === filter.subject);
  const value = filter.subject
    ? `${filter.operation ?? choices.find((s) => s.subject === filter.subject)?.operation ?? ''} ${filter.subject}`
    : '';
  return (
    <div role="group" aria-label="Filter the history" className="flex flex-wrap items-end gap-2">
      <label className={label}>
        Kind
        <select
          className={control}
          value={filter.operation ?? 'all'}
          onChange={(event) => {
            const operation = event.target.value === 'all' ? undefined : (event.target.value as PaidOperation);
            // A subject of the other kind would match nothing: it is dropped with the switch.
            const keep =
              filter.subject &&
              subjects.some((s) => s.subject === filter.subject && (!operation || s.operation === operation));
            onChange({ operation, subject: keep ? filter.subject : undefined });
          }}
        >
          <option value="all">Timelines and searches</option>
          <option value="timeline">Timelines</option>
          <option value="search">Searches</option>
        </select>
      </label>
      <label className={`${label} sm:w-56`}>
        Subject
        <select
          className={control}
          value={value}
          onChange={(event) => {
            const picked = event.target.value;
            if (!picked) {
              onChange({ operation: filter.operation });
              return;
            }
            const space = picked.indexOf(' ');
            onChange({ operation: picked.slice(0, space) as PaidOperation, subject: picked.slice(space + 1) });
          }}
        >
          <option value="">All subjects</option>
          {!known && filter.subject && <option value={value}>{filter.subject}</option>}
          {choices.map((subject) => (
            <option key={`${subject.operation} ${subject.subject}`} value={`${subject.operation} ${subject.subject}`}>
              {subject.operation === 'timeline' ? `@${subject.subject}` : `“${subject.subject}”`}
            </option>
          ))}
        </select>
      </label>
      {(filter.operation || filter.subject) && (
        <button
          type="button"
          onClick={() => onChange({})}
          className="rounded-md px-2.5 py-1 text-sm font-medium text-brand-700 hover:bg-slate-100 dark:text-sky-300 dark:hover:bg-slate-800"
        >
          Clear filters
        </button>
      )}
    </div>
  );
}
