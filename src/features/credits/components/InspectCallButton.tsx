import { lazy, Suspense, useState } from 'react';

// Loaded on first use: the inspector stays out of the timeline and search pages' first load.
const RequestInspectorDialog = lazy(() => import('./RequestInspectorDialog').then((module) => ({ default: module.RequestInspectorDialog })));

/**
 * For pages that show bought data (a timeline page, a search result page): a button that opens the
 * inspector for that page's call, e.g. `<InspectCallButton callId={page.callId} />`.
 */
export function InspectCallButton({ callId, label = 'Inspect request' }: { callId: string | null; label?: string }) {
  const [open, setOpen] = useState(false);
  if (!callId) return null;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="text-xs font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-500">{label}</button>
      {open && <Suspense fallback={null}><RequestInspectorDialog callId={callId} onClose={() => setOpen(false)} /></Suspense>}
    </>
  );
}
