/** Every cookie the server and the browser both name: one place, so neither spells another's. */

/** The session: set by the server on sign-in (HttpOnly, so the browser never reads it; server/identity/identity.ts). */
export const SESSION_COOKIE = 'creditscope_sid';

/** How a document was reached, set briefly by the server for a cross-site or speculative page load (src/api/purchase/arrival.ts). */
export const ARRIVAL_COOKIE = 'creditscope-arrival';

/** The browser's time zone and locale, so a server-rendered page writes dates as the browser will (dates/date-style.ts). */
export const DATE_STYLE_COOKIE = 'creditscope-dates';
