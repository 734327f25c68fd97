/**
 * A server-rendered page shows its buttons before React runs it. A click in that moment would be lost
 * (a button does nothing) or worse, leave a checkbox ticked with its filter off; a shortcut key ("/", j)
 * would do nothing at all. This script, inlined in the page's head (allowed by its hash), holds such clicks
 * and keys and lets React replay them once it runs, in order, as the person made them. Links are left
 * alone: they work without JavaScript. Only trusted events are held, so only the person's own input on
 * this page is ever replayed.
 */
/** Where the inline script (held-clicks-script.ts) keeps what it holds, until takeHeldInput replays it. */
export const HELD = '__creditscopeHeldClicks';

/**
 * A held click (on this control, with the price it showed: its `data-price` kind and words, null for a control
 * that spends nothing) or a held shortcut key (pressed with this element focused).
 */
export type HeldInput =
  | { click: Element; price: string | null }
  | { key: string; code: string; shiftKey: boolean; target: EventTarget | null };

declare global {
  interface Window {
    [HELD]?: HeldInput[];
  }
}

/**
 * How long input waits, once React runs the page, for this browser's own copies to be restored: an IndexedDB that
 * never answers must not leave every button held.
 */
const RESTORE_WAIT_MS = 5_000;

let hydrated = false;
let restored = false;

/**
 * The persisted cache is restored and this browser's copies swapped in for the server's (src/main.tsx calls this,
 * also when the restore failed). Held input waits for it: a Load more pressed over the server's first page would
 * otherwise run against a list about to become the browser's longer one, and ask for a page it was not priced for.
 */
export function markRestored() {
  restored = true;
  takeHeldInput();
}

/**
 * Marks the root as run by React (the e2e tests wait for it) and hands over text typed before then. Held clicks and
 * keys are replayed once this browser's copies are back too (takeHeldInput); until then the inline script goes on
 * holding them.
 * Called from an effect of the content the server rendered, which runs only once React has hydrated that
 * content (it sits in a Suspense boundary React hydrates after the shell), so the page's own key handlers
 * (j/k on the timeline) are listening by then.
 */
export function markHydrated() {
  document.getElementById('root')?.setAttribute('data-hydrated', '');
  for (const callback of afterHydration.splice(0)) callback();
  // Text typed before React ran, into the box "/" focused: read now, before a render puts the server's value back.
  const box = document.activeElement;
  const typed = box instanceof HTMLInputElement && box.value !== box.defaultValue ? box : null;
  if (typed) {
    const text = typed.value;
    setTimeout(() => handTypedTextToReact(typed, text), 0);
  }
  hydrated = true;
  setTimeout(markRestored, RESTORE_WAIT_MS);
  takeHeldInput();
}

/**
 * Once React runs the page and this browser's copies are back: the inline script stops holding (it holds while its
 * list is `window[HELD]`) and what it held is replayed, on the same nodes (hydration adopts them), in a task of
 * its own (React ignores events dispatched while it commits). Only a page that held something loads the replay.
 */
function takeHeldInput() {
  const held = window[HELD];
  if (!hydrated || !restored || held === undefined) return;
  window[HELD] = undefined;
  if (held.length) void import('./held-replay').then(({ replayHeld }) => replayHeld(held));
}

/**
 * Tells React the box's text changed, as typing does. React compares the text with the value it last wrote
 * through the element's own `value` setter, so that setter gets the rendered value (its default) and the
 * prototype's the typed text, then an input event.
 */
function handTypedTextToReact(box: HTMLInputElement, text: string) {
  box.value = box.defaultValue;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, text);
  box.dispatchEvent(new Event('input', { bubbles: true }));
}

const afterHydration: (() => void)[] = [];

/**
 * Runs `callback` once React has hydrated the server's content (at once on a page the browser rendered, or
 * once done): a change to what that content shows made before then would be a hydration mismatch (#418).
 */
export function whenHydrated(callback: () => void) {
  if (document.getElementById('root')?.hasAttribute('data-hydrated')) callback();
  else afterHydration.push(callback);
}

/** For a page the browser rendered itself, React runs it from the first commit. */
export function markHydratedUnlessServerRendered() {
  if (!document.getElementById('root')?.hasAttribute('data-server-rendered')) markHydrated();
}
