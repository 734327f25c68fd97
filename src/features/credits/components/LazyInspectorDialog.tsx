import { lazy, Suspense } from 'react';

// Loaded on first use: the inspector stays out of every page's first load, the credits page's too.
const RequestInspectorDialog = lazy(() =>
  import('./RequestInspectorDialog').then((module) => ({ default: module.RequestInspectorDialog })),
);

/** The request inspector for one call, or nothing while no call is being inspected. */
export function LazyInspectorDialog({ callId, onClose }: { callId: string | null; onClose: () => void }) {
  if (!callId) return null;
  return (
    <Suspense fallback={null}>
      <RequestInspectorDialog key={callId} callId={callId} onClose={onClose} />
    </Suspense>
  );
}
