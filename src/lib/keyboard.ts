/**
 * The app's keyboard shortcuts: the keys the handlers read (the help overlay lists them from these, in
 * shortcut-list.ts) and one rule for when a single key is a command and when it is just a letter.
 */

/** Inputs whose keys are not text: a shortcut still works while one of these has focus. */
const NOT_TEXT = new Set(['button', 'checkbox', 'color', 'file', 'image', 'radio', 'range', 'reset', 'submit']);

/** Keys pressed here are the person's text (or a select's type-ahead), never commands. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT') return true;
  return target instanceof HTMLInputElement && !NOT_TEXT.has(target.type);
}

/** A modal dialog or an open menu has the keyboard: its letters are not the page's commands. */
function overlayOpen(): boolean {
  if (document.querySelector('dialog[open]')) return true;
  try {
    return document.querySelector('[popover]:popover-open') !== null;
  } catch {
    return false; // a browser without the popover API has no popovers open
  }
}

/**
 * Whether a one-key shortcut must stay quiet: while typing, mid-composition (an IME), with Ctrl, Alt or Meta
 * (the browser's and the system's), under a dialog or menu, or once another handler took the key. Shift is
 * allowed: it is part of the character on most layouts (`?`).
 */
export function shortcutBlocked(event: KeyboardEvent): boolean {
  return (
    event.defaultPrevented ||
    event.isComposing ||
    event.ctrlKey ||
    event.altKey ||
    event.metaKey ||
    isTypingTarget(event.target) ||
    overlayOpen()
  );
}

/** `g` then one of these letters goes to that page. */
export const GO_TO = {
  t: { to: '/timeline', name: 'Timeline' },
  s: { to: '/search', name: 'Search' },
  c: { to: '/credits', name: 'Credits' },
  h: { to: '/history', name: 'History' },
  f: { to: '/find', name: 'Find in bought posts' },
  j: { to: '/jobs', name: 'Jobs' },
} as const;

export type GoKey = keyof typeof GO_TO;

export function isGoKey(key: string): key is GoKey {
  return Object.hasOwn(GO_TO, key);
}

/**
 * Every key that is a shortcut somewhere (the header's, the timeline's j/k/o/Enter): on a server-rendered
 * page one pressed before React runs is held and replayed (src/lib/held-clicks.ts).
 */
export const HELD_SHORTCUT_KEYS: readonly string[] = ['/', '?', 'g', ...Object.keys(GO_TO), 'j', 'k', 'o', 'Enter'];

/** How long after `g` the second key still counts as its pair. */
export const SEQUENCE_MS = 1500;

/**
 * Where `/` jumps, in order: a box that says so, else the page's first search form (the handle box on the start
 * page). Also read by the inline script of a server-rendered page (src/lib/held-clicks.ts), before React runs.
 */
export const SLASH_TARGETS = ['input[aria-keyshortcuts~="/"]', 'main form[role="search"] input:not([type="hidden"])'];

/** The box `/` jumps to. */
export function slashTarget(): HTMLInputElement | null {
  for (const selector of SLASH_TARGETS) {
    const box = document.querySelector<HTMLInputElement>(selector);
    if (box) return box;
  }
  return null;
}
