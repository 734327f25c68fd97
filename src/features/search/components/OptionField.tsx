import type { InputHTMLAttributes } from 'react';

interface OptionFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> {
  id: string;
  label: string;
  hint: string;
  error?: string;
  onValue: (value: string) => void;
}

const field =
  'mt-1 w-full rounded-md border bg-white px-2.5 py-1.5 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 ' +
  'focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500';

/** One labelled option of the search request, with its API field name and an inline error. */
export function OptionField({ id, label, hint, error, onValue, className = '', ...input }: OptionFieldProps) {
  const describedBy = `${id}-hint`;
  return (
    <div className={`min-w-0 ${className}`}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-xs font-medium text-slate-700 dark:text-slate-300">
          {label}
        </label>
        <code aria-hidden className="font-mono text-[11px] text-slate-500 dark:text-slate-400">
          {input.name}
        </code>
      </div>
      <input
        id={id}
        {...input}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${field} ${error ? 'border-red-500 dark:border-red-400' : 'border-slate-300 dark:border-slate-700'}`}
      />
      <p
        id={describedBy}
        className={`mt-1 text-xs ${error ? 'font-medium text-red-700 dark:text-red-300' : 'text-slate-500 dark:text-slate-400'}`}
      >
        {error ?? hint}
      </p>
    </div>
  );
}
