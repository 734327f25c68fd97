/**
 * How a page the server answered says so (server/http/render.ts, src/entry-server.tsx), read by the browser
 * before any other module of src/api/early/server-answer.ts is loaded (src/main.tsx loads it only when needed).
 */

/** The id of the inlined answer of a page the server could not render with it (not found, refused, failed). */
export const SERVER_PAGE_ID = 'creditscope-server-page';
/** On a rendered page's #root: the purchase key of the page it was opened with. */
export const OPENING_PURCHASE_ATTRIBUTE = 'data-opening-purchase';
/** On a rendered page's #root: the ledger id and price of that page, when the server bought it for this navigation. */
export const OPENING_CALL_ATTRIBUTE = 'data-opening-call';
export const OPENING_CREDITS_ATTRIBUTE = 'data-opening-credits';
