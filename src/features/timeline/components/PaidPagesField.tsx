import { useState } from 'react';
import { MAX_PAID_PAGES, paidPagesOf } from '../hooks/use-auto-load';

/**
 * "ask after [3] paid pages": how many pages auto-load may buy before it stops and asks. A number being
 * typed is kept as typed; only a whole number from 1 to MAX_PAID_PAGES is stored.
 */
export function PaidPagesField({
  pages,
  onPages,
  disabled,
}: {
  pages: number;
  onPages: (pages: number) => void;
  disabled: boolean;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <label className="flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300">
      ask after
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_PAID_PAGES}
        step={1}
        value={draft ?? String(pages)}
        disabled={disabled}
        onChange={(event) => {
          setDraft(event.target.value);
          const chosen = paidPagesOf(event.target.value);
          if (chosen !== null) onPages(chosen);
        }}
        onBlur={() => setDraft(null)}
        aria-label="Paid pages to load automatically before asking"
        data-testid="autoload-paid-pages"
        className="w-14 rounded-md border border-slate-300 bg-white px-1.5 py-0.5 text-sm tabular-nums disabled:opacity-50 dark:border-slate-700 dark:bg-slate-900"
      />
      paid pages
    </label>
  );
}
