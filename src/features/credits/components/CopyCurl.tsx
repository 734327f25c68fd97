import { useState } from 'react';
import { curlCommand, type SentRequest } from '../curl';

/** The request as a curl command, shown and copyable; the token is always the shell variable $API_TOKEN. */
export function CopyCurl({ request }: { request: SentRequest }) {
  const command = curlCommand(request);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(command);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }
  return (
    <div className="space-y-1">
      <div className="flex items-center gap-2">
        <button type="button" onClick={() => void copy()}
          className="rounded-md border border-slate-300 px-3 py-1 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800">
          Copy as curl
        </button>
        <span aria-live="polite" className="text-xs text-slate-600 dark:text-slate-400">
          {copied === 'yes' ? 'Copied. Set API_BASE_URL and API_TOKEN in your shell to run it.' : copied === 'failed' ? 'Copy blocked by the browser: select the text below.' : ''}
        </span>
      </div>
      <pre data-testid="curl-command" className="overflow-x-auto whitespace-pre-wrap break-all rounded-md bg-slate-900 p-2 font-mono text-xs text-slate-100">{command}</pre>
    </div>
  );
}
