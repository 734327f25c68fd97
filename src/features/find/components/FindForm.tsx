import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FIND_KINDS, type FindKind, type FindParams } from '../../../api/archive-search';

const field =
  'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';
const label = 'flex min-w-0 flex-col gap-1 text-xs font-medium text-slate-700 dark:text-slate-300';
const KIND_NAMES: Record<FindKind, string> = {
  post: 'Posts',
  repost: 'Reposts',
  quote: 'Quotes',
  reply: 'Replies',
  result: 'Search results',
};

/** Typing waits this long after the last key before it finds: a find a word, not a letter. */
const TYPING_PAUSE_MS = 400;

/**
 * The words and filters, kept in the address as they change (a filter at once, typed text after a pause, Find or
 * Enter at once): the hits always match what the form shows, a find is shareable, and Back returns to the last one.
 */
export function FindForm({ current, onFind }: { current: FindParams; onFind: (next: FindParams) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(current);
  const [shown, setShown] = useState(current);
  // A new address (Back, a clicked hashtag) replaces what is typed.
  if (shown !== current) {
    setShown(current);
    setDraft(current);
  }
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);
  const set = (patch: Partial<FindParams>, { typed = false } = {}) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    clearTimeout(typing.current);
    if (typed) typing.current = setTimeout(() => onFind(next), TYPING_PAUSE_MS);
    else onFind(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    clearTimeout(typing.current);
    onFind(draft);
  };
  return (
    <form role="search" aria-label="Find in bought posts" onSubmit={submit} className="space-y-3">
      <div className="flex gap-2">
        <label htmlFor={`${id}-q`} className="sr-only">
          Words to find
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={draft.q ?? ''}
          onChange={(event) => set({ q: event.target.value }, { typed: true })}
          aria-keyshortcuts="/"
          placeholder="Words in posts and results you bought"
          className={`${field} min-w-0 flex-1`}
          data-testid="find-q"
        />
        <button
          type="submit"
          className="shrink-0 rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 dark:bg-sky-700 dark:hover:bg-sky-600"
        >
          Find <span className="font-normal">· free</span>
        </button>
      </div>
      <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        <legend className="sr-only">Filters</legend>
        <label className={label}>
          Author
          <input
            type="text"
            value={draft.author ?? ''}
            onChange={(event) => set({ author: event.target.value.replace(/^@/, '') || undefined }, { typed: true })}
            placeholder="handle"
            className={field}
            data-testid="find-author"
          />
        </label>
        <label className={label}>
          Kind
          <select
            value={draft.kind ?? ''}
            onChange={(event) => set({ kind: (event.target.value || undefined) as FindKind | undefined })}
            className={field}
            data-testid="find-kind"
          >
            <option value="">Everything</option>
            {FIND_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_NAMES[kind]}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          From
          <input
            type="date"
            value={draft.from ?? ''}
            onChange={(event) => set({ from: event.target.value || undefined })}
            className={field}
            data-testid="find-from"
          />
        </label>
        <label className={label}>
          To
          <input
            type="date"
            value={draft.to ?? ''}
            onChange={(event) => set({ to: event.target.value || undefined })}
            className={field}
            data-testid="find-to"
          />
        </label>
        <label className="col-span-2 flex items-center gap-2 self-end pb-1.5 text-sm text-slate-800 sm:col-span-1 dark:text-slate-200">
          <input
            type="checkbox"
            checked={draft.media ?? false}
            onChange={(event) => set({ media: event.target.checked || undefined })}
            data-testid="find-media"
          />
          With photos or video
        </label>
      </fieldset>
    </form>
  );
}
