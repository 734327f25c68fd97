import { FileUp } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { parseHandleList } from '../job-input';
import { plural } from '../job-words';
import { FieldProblem } from '../../../components/Field';
import { field, hint, label } from '../styles';

/** Handles pasted or typed, or added from a .txt or .csv file (read here: the file never leaves the browser). */
export function HandlesField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (next: string) => void;
  error?: string;
}) {
  const id = useId();
  const [loaded, setLoaded] = useState<string | null>(null);
  const count = parseHandleList(value).handles.length;

  async function load(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const { handles, problems } = parseHandleList(await file.text(), file.name);
    onChange([value.trim(), handles.join('\n')].filter(Boolean).join('\n'));
    setLoaded(
      `${plural(handles.length, 'handle')} added from ${file.name}${problems.length ? `; skipped: ${problems.join('. ')}` : ''}.`,
    );
  }

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-text`} className={label}>
        Handles
      </label>
      <textarea
        id={`${id}-text`}
        rows={5}
        value={value}
        spellCheck={false}
        autoCapitalize="off"
        data-testid="job-handles"
        placeholder={'ada, @grace\nhttps://x.com/linus'}
        onChange={(event) => {
          onChange(event.target.value);
          setLoaded(null);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        className={`${field} w-full`}
      />
      <p id={`${id}-hint`} className={hint}>
        Comma, space or newline separated: <code>ada</code>, <code>@ada</code> or a profile URL.{' '}
        {count > 0 && <strong>{plural(count, 'handle')}.</strong>}
      </p>
      <label
        className={`${hint} inline-flex w-fit cursor-pointer items-center gap-1 rounded-md border border-dashed border-slate-400 px-2 py-1 font-medium
        focus-within:ring-2 focus-within:ring-brand-500/40 hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800`}
      >
        <FileUp aria-hidden className="h-3.5 w-3.5" /> Add from a .txt or .csv file
        <input
          type="file"
          accept=".txt,.csv,text/plain,text/csv"
          onChange={(event) => void load(event)}
          className="sr-only"
          data-testid="job-handles-file"
        />
      </label>
      {loaded && (
        <p role="status" className={hint}>
          {loaded}
        </p>
      )}
      <FieldProblem id={`${id}-error`} text={error} />
    </div>
  );
}
