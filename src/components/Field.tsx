/**
 * Labelled form fields shared by the Jobs and Watches pages (and any form of the app): a label above, a hint and,
 * when refused, why, both read out with the control.
 */
import { useId, type ReactNode } from 'react';
import { field, hint, label, problem } from './form-styles';

/** Why a field's value is refused, when it is: the control names it with aria-describedby (`id`). */
export function FieldProblem({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className={problem}>
      {text}
    </p>
  ) : null;
}

/** A labelled text box with its hint and, when the value is refused, why (read out with it). */
export function TextField({
  text,
  note,
  value,
  error,
  onChange,
  testId,
  placeholder,
  className = 'w-full',
  inputMode,
}: {
  text: string;
  note?: ReactNode;
  value: string;
  error?: string;
  onChange: (next: string) => void;
  testId: string;
  placeholder?: string;
  className?: string;
  inputMode?: 'numeric' | 'decimal' | 'text';
}) {
  const id = useId();
  const described = [note && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className={label}>
        {text}
      </label>
      <input
        id={id}
        value={value}
        placeholder={placeholder}
        inputMode={inputMode}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={`${field} ${className}`}
      />
      {note && (
        <p id={`${id}-hint`} className={hint}>
          {note}
        </p>
      )}
      <FieldProblem id={`${id}-error`} text={error} />
    </div>
  );
}

/** A labelled choice among a few options. */
export function SelectField<T extends string>({
  text,
  value,
  options,
  onChange,
  testId,
}: {
  text: string;
  value: T;
  options: readonly { value: T; text: string }[];
  onChange: (next: T) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className={label}>
        {text}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        data-testid={testId}
        className={field}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.text}
          </option>
        ))}
      </select>
    </div>
  );
}
