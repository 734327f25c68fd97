import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
  type ToggleEvent,
} from 'react';
import { createPortal } from 'react-dom';

/** Fixed, so the panel can be placed before it is shown and never needs a second, visible move. */
const PANEL_WIDTH = 304;
const GAP = 6;
const EDGE = 8;

function place(button: HTMLElement, panel: HTMLElement) {
  // An inline trigger that wraps has one box per line: anchor to the first.
  const anchor = button.getClientRects()[0] ?? button.getBoundingClientRect();
  const width = Math.min(PANEL_WIDTH, window.innerWidth - 2 * EDGE);
  panel.style.width = `${width}px`;
  panel.style.left = `${Math.max(EDGE, Math.min(anchor.left, window.innerWidth - width - EDGE))}px`;
  // Low in the viewport it opens upwards; `bottom` needs no measured height.
  const above = anchor.bottom > window.innerHeight * 0.6;
  panel.style.top = above ? 'auto' : `${anchor.bottom + GAP}px`;
  panel.style.bottom = above ? `${window.innerHeight - anchor.top + GAP}px` : 'auto';
  // As tall as the room on its side allows: a long menu scrolls inside the screen, its last entry never cut by its edge.
  panel.style.maxHeight = `${(above ? anchor.top : window.innerHeight - anchor.bottom) - GAP - EDGE}px`;
}

/**
 * A button that opens a small panel in the browser's top layer (the native popover API): Escape or a click
 * outside closes it and Escape puts focus back on the button; no card or transformed list item paints over
 * it. The panel is always in the DOM (hidden), so the button can point `aria-describedby` into it, e.g. at a
 * price, and the price is read before anything is pressed. It lives at the end of <body>, so the text of
 * the paragraph or line that holds the button stays exactly that text.
 */
const never = () => () => undefined;

export function PopoverButton({
  label,
  panelLabel,
  describedBy,
  className = '',
  testId,
  children,
}: {
  label: ReactNode;
  panelLabel: string;
  describedBy?: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  // False on a server and while hydrating its HTML (a portal has no server HTML to match), true otherwise.
  const canPortal = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );

  const reposition = useCallback(() => {
    if (buttonRef.current && panelRef.current) place(buttonRef.current, panelRef.current);
  }, []);

  // The panel is fixed in the viewport: it follows its button while the page scrolls or resizes.
  useEffect(() => {
    if (!open) return undefined;
    window.addEventListener('scroll', reposition, { passive: true, capture: true });
    window.addEventListener('resize', reposition);
    return () => {
      window.removeEventListener('scroll', reposition, { capture: true });
      window.removeEventListener('resize', reposition);
    };
  }, [open, reposition]);

  const onBeforeToggle = (event: ToggleEvent<HTMLDivElement>) => {
    if (event.newState === 'open') reposition();
  };
  const onToggle = (event: ToggleEvent<HTMLDivElement>) => {
    const opened = event.newState === 'open';
    setOpen(opened);
    if (opened) panelRef.current?.querySelector<HTMLElement>('a[href], button:not([disabled])')?.focus();
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        popoverTarget={id}
        aria-expanded={open}
        aria-describedby={describedBy}
        data-testid={testId}
        className={className}
      >
        {label}
      </button>
      {/* A server render has no body to portal into: the panel is added once the page has hydrated. */}
      {canPortal &&
        createPortal(
          <div
            ref={panelRef}
            id={id}
            popover="auto"
            role="dialog"
            aria-label={panelLabel}
            onBeforeToggle={onBeforeToggle}
            onToggle={onToggle}
            className="fixed m-0 overflow-auto rounded-xl border border-slate-200 bg-white p-1.5 text-left text-sm font-normal text-slate-800 shadow-lg
            shadow-slate-900/10 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:shadow-black/40"
          >
            {children}
          </div>,
          document.body,
        )}
    </>
  );
}
