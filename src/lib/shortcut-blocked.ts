/**
 * One rule for when a single key is a command and when it is just a letter, for every handler (the header's in
 * app-shortcuts.ts, the timeline's j/k/o): apart from the keys themselves (keyboard.ts), which load with the first key.
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
