import { useState } from 'react';
import { LazyInspectorDialog as Dialog } from './LazyInspectorDialog';

export const inspectLink = 'text-xs font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-500';

/** For a page that shows one bought page (a search result page): opens the inspector for the call that bought it. */
export function InspectCallButton({ callId }: { callId: string | null }) {
  const [open, setOpen] = useState<string | null>(null);
  if (!callId) return null;
  return (
    <>
      {/* A phone's cost line has no room for the sentence; the hidden half is out of the button's name too. */}
      <button type="button" onClick={() => setOpen(callId)} className={`${inspectLink} whitespace-nowrap`}>
        <span className="sm:hidden">Inspect call</span>
        <span className="hidden sm:inline">Inspect the call that bought this page</span>
      </button>
      <Dialog callId={open} onClose={() => setOpen(null)} />
    </>
  );
}
