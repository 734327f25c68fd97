import { useState, type FormEvent } from 'react';
import { typedTimelinePage, usePrice } from '../../../api/use-price';
import { BlockedNote, PriceChip } from '../../../components/CostHint';
import { parseProfileLookup, type ProfileLookup } from '../../../lib/handle';

/**
 * `jack`, `@jack`, a numeric id or a profile URL → the timeline address. Open shows what the typed timeline
 * will cost, or that it is cached and free, before it is pressed.
 */
export function LookupForm({ current, onLookup }: { current: string; onLookup: (lookup: ProfileLookup) => void }) {
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const typed = parseProfileLookup(value);
  const cost = usePrice({ operation: 'timeline', page: typedTimelinePage(typed), settle: true });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if ('error' in typed) {
      setError(typed.error);
      return;
    }
    setError(null);
    onLookup(typed);
  };
  return (
    <form role="search" onSubmit={submit} className="px-4 py-3" noValidate>
      <label htmlFor="profile-lookup" className="sr-only">
        Handle, @handle, numeric id or profile URL
      </label>
      <div className="flex gap-2">
        <input
          id="profile-lookup"
          name="profile"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder="jack, @jack, 12 or https://…/jack"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          aria-invalid={error !== null}
          aria-describedby={error ? 'profile-lookup-error' : undefined}
          className="min-w-0 flex-1 rounded-full border border-slate-300 bg-white px-4 py-2 text-[15px] placeholder:text-slate-500 dark:border-slate-700 dark:bg-slate-900 dark:placeholder:text-slate-400"
        />
        <button
          type="submit"
          data-testid="lookup-submit"
          className="flex shrink-0 flex-col items-center justify-center rounded-full bg-slate-900 px-4 py-1 text-sm font-bold leading-tight text-white
            hover:bg-slate-700 dark:bg-white dark:text-slate-900 dark:hover:bg-slate-200"
        >
          Open
          <PriceChip price={cost} testId="cost-hint-timeline" />
        </button>
      </div>
      <BlockedNote price={cost} className="mt-1 px-4" />
      {error && (
        <p
          id="profile-lookup-error"
          role="alert"
          className="mt-1 px-4 text-sm break-words text-red-700 dark:text-red-300"
        >
          {error}
        </p>
      )}
    </form>
  );
}
