import { useId, type ReactNode } from 'react';
import { field, hint, label, problem } from '../../../components/form-styles';

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
      {error && (
        <p id={`${id}-error`} className={problem}>
          {error}
        </p>
      )}
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
