/**
 * A server-rendered page shows its buttons before React runs it. A click in that moment would be lost
 * (a button does nothing) or worse, leave a checkbox ticked with its filter off. This script, inlined in
 * the page's head (allowed by its hash), holds such clicks and lets React replay them once it runs, in
 * order, as the person made them. Links are left alone: they work without JavaScript. Only trusted
 * events are held, so only the person's own clicks on this page are ever replayed.
 */
const HELD = '__creditscopeHeldClicks';

declare global {
  interface Window {
    [HELD]?: Element[];
  }
}

/** Kept as source text: it runs before any module, from the page's own HTML. */
export const HOLD_CLICKS_SCRIPT = `(() => {
  const held = window.${HELD} = [];
  document.addEventListener('click', (event) => {
    if (!event.isTrusted || document.getElementById('root')?.hasAttribute('data-hydrated')) return;
    const control = event.target instanceof Element ? event.target.closest('button, input[type=checkbox], input[type=radio]') : null;
    if (!control) return;
    event.preventDefault();
    held.push(control);
  }, true);
})();`;

/**
 * Marks the root as run by React (the e2e tests wait for it) and replays the held clicks on the same nodes
 * (hydration adopts them), in a task of their own: React ignores events dispatched while it commits. Called
 * from an effect of the content the server rendered, which runs only once React has hydrated that content
 * (it sits in a Suspense boundary React hydrates after the shell).
 */
export function markHydrated() {
  document.getElementById('root')?.setAttribute('data-hydrated', '');
  const held = window[HELD];
  if (!held) return;
  window[HELD] = undefined;
  setTimeout(() => {
    for (const control of held) if (control.isConnected && control instanceof HTMLElement) control.click();
  }, 0);
}

/** For a page the browser rendered itself, React runs it from the first commit. */
export function markHydratedUnlessServerRendered() {
  if (!document.getElementById('root')?.hasAttribute('data-server-rendered')) markHydrated();
}
