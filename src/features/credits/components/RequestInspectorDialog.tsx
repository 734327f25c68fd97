import { useEffect, useId, useRef } from 'react';
import { RequestInspector } from './RequestInspector';

/** The inspector in a modal <dialog>: Escape, the Close button or a click outside closes it. */
export function RequestInspectorDialog({ callId, onClose }: { callId: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby={titleId}
      data-testid="request-inspector"
      onClick={(event) => {
        if (event.target === ref.current) ref.current.close();
      }}
      className="m-auto max-h-[90vh] w-[min(48rem,calc(100vw-1.5rem))] overflow-auto rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-100"
    >
      <div className="sticky top-0 flex items-center justify-between border-b border-slate-200 bg-white px-4 py-2 dark:border-slate-800 dark:bg-slate-950">
        <h2 id={titleId} className="font-semibold">
          Request inspector
        </h2>
        <button
          type="button"
          onClick={() => ref.current?.close()}
          className="rounded-md px-2 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          Close
        </button>
      </div>
      <div className="p-4">
        <RequestInspector callId={callId} />
      </div>
    </dialog>
  );
}
