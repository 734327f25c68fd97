import { Calculator } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { TextField } from '../../../components/Field';
import { LIMITS, type FormProblems, type JobFormValues } from '../job-form';
import { parseSearchList } from '../job-input';
import { plural } from '../job-words';
import { field, free, hint, label, primary, problem } from '../styles';
import { DepthFields } from './DepthFields';
import { HandlesField } from './HandlesField';

/** What to collect and how deep; submitting asks the server for a quote, which is free. */
export function JobForm({
  values,
  problems,
  onChange,
  onQuote,
  quoting,
  today,
}: {
  values: JobFormValues;
  problems: FormProblems;
  onChange: (patch: Partial<JobFormValues>) => void;
  onQuote: () => void;
  quoting: boolean;
  today: string;
}) {
  const id = useId();
  const searches = parseSearchList(values.searches).length;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onQuote();
  };
  return (
    <form onSubmit={submit} noValidate aria-label="New job" className="space-y-4" data-testid="job-form">
      <div className="grid gap-4 md:grid-cols-2">
        <HandlesField value={values.handles} onChange={(handles) => onChange({ handles })} error={problems.handles} />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-searches`} className={label}>
            Searches
          </label>
          <textarea
            id={`${id}-searches`}
            rows={5}
            value={values.searches}
            onChange={(event) => onChange({ searches: event.target.value })}
            placeholder={'open source funding\nrust 2026'}
            aria-describedby={`${id}-searches-hint`}
            className={`${field} w-full`}
            data-testid="job-searches"
          />
          <p id={`${id}-searches-hint`} className={hint}>
            One per line. {searches > 0 && <strong>{plural(searches, 'search', 'searches')}.</strong>}
          </p>
        </div>
      </div>
      <DepthFields values={values} problems={problems} onChange={onChange} today={today} />
      <div className="flex flex-wrap gap-x-6 gap-y-3">
        <TextField
          text="Pages per search"
          note={`1 to ${LIMITS.searchPages}`}
          value={values.searchPages}
          error={problems.searchPages}
          onChange={(searchPages) => onChange({ searchPages })}
          testId="job-search-pages"
          inputMode="numeric"
          className="w-20"
        />
        <TextField
          text="Calls at once"
          note={`1 to ${LIMITS.concurrency}; 2 is polite`}
          value={values.concurrency}
          error={problems.concurrency}
          onChange={(concurrency) => onChange({ concurrency })}
          testId="job-concurrency"
          inputMode="numeric"
          className="w-20"
        />
      </div>
      {problems.form && (
        <p role="alert" className={problem}>
          {problems.form}
        </p>
      )}
      <button type="submit" disabled={quoting} aria-busy={quoting} className={primary} data-testid="job-quote">
        <Calculator aria-hidden className="h-4 w-4" />
        {quoting ? 'Asking for a quote…' : 'Get a quote'}
        <span className="rounded bg-white px-1 leading-snug dark:bg-slate-950">
          <span className={free}>free</span>
        </span>
      </button>
    </form>
  );
}
