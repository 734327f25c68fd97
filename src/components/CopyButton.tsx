import { useState } from 'react';

export const smallButton =
  'rounded-md border border-slate-300 px-2.5 py-1 text-xs font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800';

/** Copies text to the clipboard and says so; where the browser refuses, says how to copy by hand. */
export function CopyButton({ text, label, done = 'Copied.' }: { text: string; label: string; done?: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }
  return (
    <>
      <button type="button" onClick={() => void copy()} className={smallButton}>
        {label}
      </button>
      <span aria-live="polite" className="text-xs text-slate-600 dark:text-slate-400">
        {copied === 'yes' ? done : copied === 'failed' ? 'Copy blocked by the browser: select the text instead.' : ''}
      </span>
    </>
  );
}
