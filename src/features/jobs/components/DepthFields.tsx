import { useId } from 'react';
import type { DepthMode, FormProblems, JobFormValues } from '../job-form';
import { LIMITS } from '../job-form';
import { FieldProblem } from '../../../components/Field';
import { field, hint } from '../styles';

type Change = (patch: Partial<JobFormValues>) => void;

const number = `${field} w-20`;

/** How deep each timeline goes: a number of pages, or back to a date or to the end, both under a page cap. */
export function DepthFields({
  values,
  problems,
  onChange,
  today,
}: {
  values: JobFormValues;
  problems: FormProblems;
  onChange: Change;
  today: string;
}) {
  const id = useId();
  const mode = (depth: DepthMode, text: string) => (
    <label className="inline-flex items-center gap-1.5 text-sm text-slate-800 dark:text-slate-200">
      <input
        type="radio"
        name={`${id}-depth`}
        value={depth}
        checked={values.depth === depth}
        onChange={() => onChange({ depth })}
      />
      {text}
    </label>
  );
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">
        How deep into each timeline
      </legend>
      <div className="flex flex-wrap items-center gap-2">
        {mode('pages', 'A number of pages')}
        {values.depth === 'pages' && (
          <span className="inline-flex items-center gap-1.5">
            <input
              id={`${id}-pages`}
              inputMode="numeric"
              value={values.pages}
              onChange={(event) => onChange({ pages: event.target.value })}
              aria-label="Pages per handle"
              aria-invalid={problems.pages ? true : undefined}
              aria-describedby={problems.pages ? `${id}-pages-error` : undefined}
              className={number}
              data-testid="job-pages"
            />
            <span className={hint}>pages per handle (20 posts a page)</span>
          </span>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {mode('until', 'Until posts older than')}
        {values.depth === 'until' && (
          <input
            type="date"
            max={today}
            value={values.until}
            onChange={(event) => onChange({ until: event.target.value })}
            aria-label="Posts older than this date end the timeline"
            aria-invalid={problems.until ? true : undefined}
            aria-describedby={problems.until ? `${id}-until-error` : undefined}
            className={`${field} w-auto`}
            data-testid="job-until"
          />
        )}
      </div>
      <div>{mode('end', 'Until the end of the timeline')}</div>
      {values.depth !== 'pages' && (
        <div className="flex flex-wrap items-center gap-1.5">
          <label htmlFor={`${id}-cap`} className="text-sm text-slate-800 dark:text-slate-200">
            Page cap
          </label>
          <input
            id={`${id}-cap`}
            inputMode="numeric"
            value={values.maxPages}
            onChange={(event) => onChange({ maxPages: event.target.value })}
            aria-invalid={problems.maxPages ? true : undefined}
            aria-describedby={`${id}-cap-hint${problems.maxPages ? ` ${id}-cap-error` : ''}`}
            className={number}
            data-testid="job-max-pages"
          />
          <span id={`${id}-cap-hint`} className={hint}>
            pages per handle (up to {LIMITS.pages}): the quote counts every one
          </span>
        </div>
      )}
      <FieldProblem id={`${id}-pages-error`} text={problems.pages} />
      <FieldProblem id={`${id}-until-error`} text={problems.until} />
      <FieldProblem id={`${id}-cap-error`} text={problems.maxPages} />
    </fieldset>
  );
}
