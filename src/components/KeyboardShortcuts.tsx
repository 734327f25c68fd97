import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';

// Loaded when first asked for: every page's header has the button, few readers open the help.
const ShortcutHelp = lazy(() => import('./ShortcutHelp').then((module) => ({ default: module.ShortcutHelp })));

/** The keys that start a header shortcut: the first one loads the handler (src/lib/app-shortcuts.ts). */
const FIRST_KEYS = ['/', '?', 'g'];

function useAppShortcuts(openHelp: () => void) {
  const navigate = useNavigate();
  const latest = useRef({ navigate, openHelp });
  useEffect(() => {
    latest.current = { navigate, openHelp };
  });

  useEffect(() => {
    let handle: ((event: KeyboardEvent) => void) | null = null;
    // Keys pressed while the handler loads, handed to it in order once it is there: `/` and `?` still act
    // (too late to cancel the key's default, which for these is nothing), `g` then `t` still go.
    let waiting: KeyboardEvent[] | null = null;
    const onKeyDown = (event: KeyboardEvent) => {
      if (handle) return handle(event);
      if (waiting) return void waiting.push(event);
      if (!FIRST_KEYS.includes(event.key)) return;
      waiting = [event];
      import('../lib/app-shortcuts').then(
        (module) => {
          handle = module.appShortcutHandler(latest);
          waiting?.forEach(handle);
          waiting = null;
        },
        () => (waiting = null), // offline: the next key tries again
      );
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

/** The shortcuts in the header (from a small screen up, where there is a keyboard) and behind `?`. */
export function KeyboardShortcuts() {
  const [opener, setOpener] = useState<Element | null | undefined>(undefined);
  const open = () => setOpener(document.activeElement);
  useAppShortcuts(open);
  const close = () => {
    // Back where the person was: the button, the box they had left, or the post they were reading.
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    setOpener(undefined);
  };
  return (
    <>
      <button
        type="button"
        onClick={open}
        aria-keyshortcuts="?"
        title="Keyboard shortcuts (?)"
        data-testid="shortcuts-button"
        className="hidden h-7 w-7 shrink-0 items-center justify-center rounded-md border border-slate-300 font-mono text-sm text-slate-700
          hover:bg-slate-100 sm:inline-flex dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        ?<span className="sr-only"> Keyboard shortcuts</span>
      </button>
      {opener !== undefined && (
        <Suspense fallback={null}>
          <ShortcutHelp onClose={close} />
        </Suspense>
      )}
    </>
  );
}
