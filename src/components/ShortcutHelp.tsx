import { useEffect, useId, useRef } from 'react';
import { SHORTCUTS } from '../lib/shortcut-list';

const key =
  'inline-block min-w-6 rounded border border-slate-300 bg-slate-50 px-1.5 text-center font-mono text-xs text-slate-800 ' +
  'dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100';

/** A modal <dialog>: focus moves in, Escape or Close shuts it, and the page behind is inert meanwhile. */
export function ShortcutHelp({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // No close() on cleanup: StrictMode's unmount between its two mounts would fire `close` and shut it at once.
  useEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid="shortcuts-help"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === ref.current) ref.current.close();
      }}
      className="m-auto w-[min(28rem,calc(100vw-1.5rem))] rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl
        backdrop:bg-slate-950/50 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-100"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2 dark:border-slate-800">
        <h2 id={titleId} className="font-semibold">
          Keyboard shortcuts
        </h2>
        <button
          type="button"
          autoFocus
          onClick={() => ref.current?.close()}
          className="rounded-md px-2 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          Close
        </button>
      </div>
      <table className="m-4 w-[calc(100%-2rem)] text-sm">
        <thead className="sr-only">
          <tr>
            <th scope="col">Keys</th>
            <th scope="col">What they do</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.keys.join(' ')} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
              <td className="py-1.5 pr-3 whitespace-nowrap">
                {shortcut.keys.map((pressed, index) => (
                  <span key={pressed}>
                    {index > 0 && <span className="mx-1 text-xs text-slate-600 dark:text-slate-400">then</span>}
                    <kbd className={key}>{pressed}</kbd>
                  </span>
                ))}
              </td>
              <td className="py-1.5">
                {shortcut.does}
                {shortcut.where && <span className="text-slate-600 dark:text-slate-400"> · {shortcut.where}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="px-4 pb-4 text-xs text-slate-600 dark:text-slate-400">
        Shortcuts stay quiet while you type in a box, and with Ctrl, Alt or ⌘ held.
      </p>
    </dialog>
  );
}
