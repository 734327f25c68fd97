import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { GO_TO, isGoKey, SEQUENCE_MS, shortcutBlocked, slashTarget } from '../lib/keyboard';

// Loaded when first asked for: every page's header has the button, few readers open the help.
const ShortcutHelp = lazy(() => import('./ShortcutHelp').then((module) => ({ default: module.ShortcutHelp })));

/** `/`, `?` and `g t` / `g s` / `g c` / `g h` on every page; j and k stay with the timeline's list. */
function useAppShortcuts(openHelp: () => void) {
  const navigate = useNavigate();
  const latest = useRef({ navigate, openHelp });
  useEffect(() => {
    latest.current = { navigate, openHelp };
  });

  useEffect(() => {
    let gAt = -Infinity;
    const onKeyDown = (event: KeyboardEvent) => {
      if (shortcutBlocked(event)) return;
      const afterG = event.timeStamp - gAt < SEQUENCE_MS;
      gAt = -Infinity;
      if (afterG && isGoKey(event.key)) {
        event.preventDefault();
        void latest.current.navigate({ to: GO_TO[event.key].to });
      } else if (event.key === 'g') {
        gAt = event.timeStamp;
      } else if (event.key === '/') {
        const box = slashTarget();
        if (!box) return;
        event.preventDefault();
        box.focus();
        box.select();
      } else if (event.key === '?') {
        event.preventDefault();
        latest.current.openHelp();
      }
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
