import { useId, useState } from 'react';
import { COPY_FORMATS, type CopyFormat } from '../copy-as';
import type { SentRequest } from '../curl';
import { CopyButton } from '../../../components/CopyButton';

const tab = 'rounded-md px-2.5 py-1 text-xs font-medium';

/**
 * The call as curl, HTTPie or `fetch`, shown and copyable. The token is always the variable API_TOKEN
 * and the base URL API_BASE_URL: the browser never has the token, and a copied command never holds it.
 */
export function CopyAs({ request }: { request: SentRequest }) {
  const [format, setFormat] = useState<CopyFormat>('curl');
  const name = useId();
  const chosen = COPY_FORMATS.find((candidate) => candidate.id === format)!;
  const text = chosen.build(request);
  return (
    <div className="space-y-1.5">
      <div className="flex flex-wrap items-center gap-2">
        <fieldset className="flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-700">
          <legend className="sr-only">Copy the request as</legend>
          {COPY_FORMATS.map(({ id, label }) => (
            <label
              key={id}
              className={`${tab} cursor-pointer has-[:checked]:bg-slate-900 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 dark:has-[:checked]:bg-slate-100 dark:has-[:checked]:text-slate-900`}
            >
              <input
                type="radio"
                name={name}
                value={id}
                checked={format === id}
                onChange={() => setFormat(id)}
                className="sr-only"
              />
              {label}
            </label>
          ))}
        </fieldset>
        <CopyButton
          key={format}
          text={text}
          label={`Copy as ${chosen.label}`}
          done={`Copied. Set API_BASE_URL and API_TOKEN in your ${format === 'fetch' ? 'environment' : 'shell'} to run it.`}
        />
      </div>
      <pre
        data-testid="copy-as-text"
        data-format={format}
        tabIndex={0}
        className="max-h-60 overflow-auto whitespace-pre-wrap break-all rounded-md bg-slate-900 p-2 font-mono text-xs text-slate-100 dark:bg-black/60"
      >
        {text}
      </pre>
    </div>
  );
}
