import { useState } from 'react';
import type { CallDetail } from '../../../api/session';
import { downloadText } from '../../../lib/download';
import { CopyButton, smallButton } from '../../../components/CopyButton';
import { note, term } from './inspector-style';
import { JsonTree } from './JsonTree';

type Response = CallDetail['response'];

const SOURCE = {
  memory: 'Held in the memory of the server process that made the call (its last 300 calls).',
  archive: "From the store's archive: the answer this call bought, kept for as long as no later purchase replaces it.",
} as const;

const MISSING = {
  replaced:
    'The raw body of this call is no longer kept: the same page was bought again later, and the archive keeps only the latest answer.',
  failure:
    'The raw body of this call is no longer kept: failed answers are never archived, and only the server process that made the call held it, for its last 300 calls.',
  'unknown-outcome':
    'There is no body: the call was sent, and no answer was ever read (outcome unknown, it may have been charged).',
} as const;

function fileOf(detail: CallDetail): { name: string; type: string } {
  const declared = detail.attemptHeaders?.at(-1)?.['content-type'] ?? '';
  const json = declared.includes('json') || (declared === '' && detail.response.body?.trimStart().startsWith('{'));
  return {
    name: `creditscope-call-${detail.row.id.slice(0, 8)}.${json ? 'json' : 'txt'}`,
    type: json ? 'application/json' : 'text/plain',
  };
}

/** The raw response body as received (token redacted by the proxy): a tree or the exact text, to copy or save. */
export function RawBody({ detail }: { detail: CallDetail }) {
  const [view, setView] = useState<'tree' | 'raw'>('tree');
  const response: Response = detail.response;
  return (
    <section aria-labelledby="inspector-body-heading" className="space-y-1.5" data-testid="inspector-body">
      <h3 id="inspector-body-heading" className={term}>
        Raw response body
      </h3>
      {response.body === null ? (
        <p
          className="text-sm text-slate-700 dark:text-slate-300"
          data-testid="inspector-body-missing"
          data-missing={response.missing}
        >
          {MISSING[response.missing]} The ledger row, its attempts and their headers above are permanent.
        </p>
      ) : (
        <>
          <p className={note} data-testid="inspector-body-source" data-source={response.source}>
            {SOURCE[response.source]}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className={smallButton}
              aria-pressed={view === 'raw'}
              onClick={() => setView(view === 'tree' ? 'raw' : 'tree')}
            >
              {view === 'tree' ? 'Show exact text' : 'Show as tree'}
            </button>
            <button
              type="button"
              className={smallButton}
              onClick={() => {
                const file = fileOf(detail);
                downloadText(file.name, file.type, response.body);
              }}
            >
              Download body
            </button>
            <CopyButton text={response.body} label="Copy body" />
          </div>
          {view === 'tree' ? (
            <JsonTree text={response.body} />
          ) : (
            <pre
              data-testid="response-raw"
              tabIndex={0}
              className="max-h-[28rem] overflow-auto whitespace-pre-wrap break-all rounded-md border border-slate-200 bg-slate-50 p-2 font-mono text-xs dark:border-slate-800 dark:bg-slate-900"
            >
              {response.body}
            </pre>
          )}
        </>
      )}
    </section>
  );
}
