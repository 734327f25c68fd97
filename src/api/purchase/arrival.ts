import { ARRIVAL_COOKIE } from '../../contract/cookies';

/**
 * How this document was reached. The server marks a page request that came from another site
 * (a link, a popup, a form on someone else's page: `Sec-Fetch-Site: cross-site`) or was made ahead of
 * time (`Sec-Purpose`) with a short-lived cookie; such a page shows what it would buy and waits for a
 * click instead of buying on load.
 */

/** Chromium's prerendering state (not yet in TypeScript's DOM types). */
interface PrerenderingDocument {
  prerendering?: boolean;
}
interface SpeculativeNavigationTiming {
  activationStart?: number;
  deliveryType?: string;
}

/**
 * Loaded by the browser ahead of time rather than opened by a person: prerendering now, shown after a
 * prerender, or served from a prefetch (speculation rules, which any site may list our addresses in).
 * Such a page shows what it would buy and waits for a click, as a page another site sent us to does.
 */
export function loadedAhead(): boolean {
  if (isPrerendering()) return true;
  try {
    const [navigation] = performance.getEntriesByType('navigation') as SpeculativeNavigationTiming[];
    return (navigation?.activationStart ?? 0) > 0 || navigation?.deliveryType === 'navigational-prefetch';
  } catch {
    return false;
  }
}

/** Prerendering: loaded, possibly running, but not shown to anyone yet. */
export function isPrerendering(): boolean {
  return typeof document !== 'undefined' && (document as PrerenderingDocument).prerendering === true;
}

/** Resolves once the document is shown: at once, or when a prerendered page is activated. */
export function whenShown(): Promise<void> {
  if (!isPrerendering()) return Promise.resolve();
  return new Promise((resolve) => document.addEventListener('prerenderingchange', () => resolve(), { once: true }));
}

export function arrivalAllowsAutoBuy(): boolean {
  // Rendering on the server: it buys before rendering, never while (server/http/render.ts).
  if (typeof document === 'undefined') return false;
  if (loadedAhead()) return false;
  try {
    return !document.cookie.split(';').some((part) => part.trim() === `${ARRIVAL_COOKIE}=foreign`);
  } catch {
    return true;
  }
}

/**
 * Decided as the document starts, while a prerendered one still says so: a page that mounts after the activation
 * must not take itself for one a person opened.
 */
let autoBuy: boolean | null = typeof document === 'undefined' ? null : arrivalAllowsAutoBuy();

/** Whether a page mounting now may buy what its address asks for without a click. */
export function autoBuyAllowed(): boolean {
  autoBuy ??= arrivalAllowsAutoBuy();
  return autoBuy;
}

/** The person acted in the app (a click, a form): pages they open from here on are theirs to buy. */
export function allowAutoBuy() {
  if (autoBuy === true) return;
  autoBuy = true;
  try {
    document.cookie = `${ARRIVAL_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  } catch {
    /* cookies blocked: nothing to clear */
  }
}
