import { useRef, useState, type FormEvent } from 'react';
import { typedTimelinePage, usePrice } from '../../../api/use-price';
import { BlockedNote, PriceChip } from '../../../components/CostHint';
import { parseProfileLookup, type ProfileLookup } from '../../../lib/handle';
import { card, input, submit } from '../styles';

/** The stand-in's users worth a look; picking one only fills the box, so it costs nothing. */
const DEMO_HANDLES = ['ada', 'grace', 'newsdesk', 'archive', 'wild'];

/** A handle, @handle, numeric id or profile URL → its timeline, with the price (or "cached", "from archive") on the button. */
export function OpenTimelineCard({ demo, onOpen }: { demo: boolean; onOpen: (lookup: ProfileLookup) => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const typed = parseProfileLookup(value);
  const cost = usePrice({ operation: 'timeline', page: typedTimelinePage(typed), settle: true });
  const open = (event: FormEvent) => {
    event.preventDefault();
    if ('error' in typed) {
      setError(typed.error);
      return;
    }
    onOpen(typed);
  };
  return (
    <form role="search" aria-labelledby="start-timeline-title" onSubmit={open} noValidate className={card}>
      <h2 id="start-timeline-title" className="font-semibold text-slate-900 dark:text-white">
        Open a timeline
      </h2>
      <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">A profile and its latest posts, 20 to a page.</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor="start-handle" className="sr-only">
          Handle, @handle, numeric id or profile URL
        </label>
        <input
          ref={inputRef}
          id="start-handle"
          value={value}
          placeholder="jack, @jack, 12 or a profile URL"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="go"
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          aria-invalid={error !== null}
          aria-describedby={error ? 'start-handle-error' : undefined}
          className={input}
        />
        <button
          type="submit"
          data-testid="start-open-timeline"
          className={`${submit} bg-slate-900 hover:bg-slate-700 dark:bg-brand-600 dark:hover:bg-brand-700`}
        >
          Open timeline
          <PriceChip price={cost} testId="cost-hint-timeline" />
        </button>
      </div>
      <BlockedNote price={cost} className="mt-1.5" />
      {error && (
        <p id="start-handle-error" role="alert" className="mt-1.5 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      {demo && (
        <p className="mt-3 flex flex-wrap items-center gap-1.5 text-xs text-slate-600 dark:text-slate-400">
          <span>Demo users:</span>
          {DEMO_HANDLES.map((handle) => (
            <button
              key={handle}
              type="button"
              onClick={() => {
                setValue(handle);
                setError(null);
                inputRef.current?.focus();
              }}
              className="rounded-full border border-slate-300 px-2 py-0.5 font-medium text-slate-700 hover:bg-slate-100 dark:border-slate-700
                dark:text-slate-200 dark:hover:bg-slate-800"
            >
              @{handle}
            </button>
          ))}
        </p>
      )}
    </form>
  );
}
