/**
 * The replay of what a server-rendered page held before React ran it (src/lib/held-clicks.ts), loaded only by a
 * page that held something.
 */
import type { HeldInput } from './held-clicks';

/** The price a control shows now, as the inline script noted it at the click. */
function priceShown(control: Element): string | null {
  const price = control.querySelector<HTMLElement>('[data-price]');
  return price && `${price.dataset.price} ${price.textContent}`;
}

/**
 * Whether a held click still asks for what the person saw: a control that spends is pressed only if it showed
 * a price then ("checking price…" is none) and shows the same one now. Once React runs the page it can stand for
 * another page (the browser's own copy restored: Load more now fetches past it) at another price; that click is
 * dropped, and the control shows its price for the next one.
 */
function stillOffered(control: HTMLElement, price: string | null): boolean {
  if (price === null) return true;
  return !price.startsWith('checking ') && priceShown(control) === price;
}

function replay(input: HeldInput) {
  if ('click' in input) {
    const { click: control, price } = input;
    if (control.isConnected && control instanceof HTMLElement && stillOffered(control, price)) control.click();
    return;
  }
  // Dispatched where it was pressed (hydration adopts the nodes), so the handlers see the same target.
  const target = input.target instanceof Node && input.target.isConnected ? input.target : document.body;
  const { key, code, shiftKey } = input;
  target.dispatchEvent(new KeyboardEvent('keydown', { key, code, shiftKey, bubbles: true, cancelable: true }));
}

/**
 * Replays the held clicks and keys, in order, once the renders set off by restoring this browser's own copies are
 * done, so each click meets its control as it now is.
 */
export async function replayHeld(held: HeldInput[]) {
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  held.forEach(replay);
}
