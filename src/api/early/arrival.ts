/**
 * How this document was reached. The server marks a page request that came from another site
 * (a link, a popup, a form on someone else's page: `Sec-Fetch-Site: cross-site`) with a short-lived
 * cookie; such a page shows what it would buy and waits for a click instead of buying on load.
 */
export const ARRIVAL_COOKIE = 'creditscope-arrival';

export function arrivalAllowsAutoBuy(): boolean {
  // Rendering on the server: it buys before rendering, never while (server/http/render.ts).
  if (typeof document === 'undefined') return false;
  try {
    return !document.cookie.split(';').some((part) => part.trim() === `${ARRIVAL_COOKIE}=foreign`);
  } catch {
    return true;
  }
}

let autoBuy: boolean | null = null;

/** Whether a page mounting now may buy what its address asks for without a click. */
export function autoBuyAllowed(): boolean {
  autoBuy ??= arrivalAllowsAutoBuy();
  return autoBuy;
}

/** The person acted in the app (a click, a form): pages they open from here on are theirs to buy. */
export function allowAutoBuy() {
  if (autoBuy === true) return;
  autoBuy = true;
  try { document.cookie = `${ARRIVAL_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`; } catch { /* cookies blocked: nothing to clear */ }
}
