import { useQuery } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { quoteWatch, watchKeys, type Watch, type WatchDraft } from '../../../api/watches';
import { button, hint, primary } from '../../../components/form-styles';
import { RefusalError } from '../../../components/RefusalError';
import { draftFromForm, emptyForm, formFromWatch, type WatchFormValues } from '../watch-form';
import { useChangeWatch, useCreateWatch } from '../use-watch-actions';
import { WatchForm } from './WatchForm';

/** A typed value settles for this long before it is priced: one quote per pause, not per key. */
const SETTLE_MS = 300;

function useSettled<T>(value: T): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * The form, priced as it is typed (POST /api/_watches/quote, free), and Save with that price on it: a watch is
 * never saved without the person having seen what it may cost. Editing sends the same fields but the kind.
 */
export function WatchEditor({ watch, onDone }: { watch?: Watch; onDone?: () => void }) {
  const [values, setValues] = useState<WatchFormValues>(() => (watch ? formFromWatch(watch) : emptyForm()));
  const [showProblems, setShowProblems] = useState(false);
  const built = useMemo(() => draftFromForm(values), [values]);
  const draft = 'draft' in built ? built.draft : null;
  const settled = useSettled(draft);
  const priced = settled !== null && JSON.stringify(settled) === JSON.stringify(draft);
  const quote = useQuery({
    queryKey: [...watchKeys.all, 'quote', settled],
    queryFn: ({ signal }) => quoteWatch(settled as WatchDraft, signal),
    enabled: settled !== null,
    staleTime: 30_000,
    retry: false,
    meta: { persist: false },
  });
  const create = useCreateWatch();
  const change = useChangeWatch(watch?.id ?? '');
  const saving = watch ? change : create;
  const shownQuote = priced && quote.data && !quote.isFetching ? quote.data : null;

  const edit = (patch: Partial<WatchFormValues>) => {
    setValues((old) => ({ ...old, ...patch }));
    saving.reset();
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) {
      setShowProblems(true);
      return;
    }
    if (!shownQuote) return;
    const done = () => {
      if (!watch) setValues(emptyForm(values.timeZone));
      setShowProblems(false);
      onDone?.();
    };
    if (watch) {
      const { kind: _kind, ...patch } = draft;
      change.mutate(patch, { onSuccess: done });
    } else create.mutate(draft, { onSuccess: done });
  };

  return (
    <form
      onSubmit={save}
      noValidate
      aria-label={watch ? `Edit ${watch.name}` : 'New watch'}
      className="space-y-4"
      data-testid="watch-form"
    >
      <WatchForm
        values={values}
        problems={showProblems && 'problems' in built ? built.problems : {}}
        onChange={edit}
        editing={!!watch}
      />
      <p className={`${hint} min-h-5`} data-testid="watch-quote" aria-live="polite">
        {!draft
          ? 'What it may cost shows here once the form is filled in.'
          : shownQuote
            ? `What it may cost: ${shownQuote.text}`
            : quote.isError && priced
              ? null
              : 'Pricing…'}
      </p>
      {quote.isError && priced && <RefusalError error={quote.error} title="No price" testId="watch-error" />}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primary} data-testid="watch-save" aria-disabled={!shownQuote || undefined}>
          <Save aria-hidden className="h-4 w-4" />
          {watch ? 'Save changes' : 'Save watch'}
          {shownQuote && <span className="text-xs font-normal">· {shownQuote.text}</span>}
        </button>
        {onDone && (
          <button type="button" className={button} onClick={onDone} data-testid="watch-edit-cancel">
            Cancel
          </button>
        )}
      </div>
      {saving.isError && <RefusalError error={saving.error} title="Not saved" testId="watch-error" />}
    </form>
  );
}
