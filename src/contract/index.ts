/**
 * The contract between the browser and the server, in one place: what each side sends and reads. Pure (no
 * DOM, no Node), so both import it: the app and the early first-page fetch, the proxy, the jobs and the
 * server-rendered pages.
 *
 * - headers.ts: the `x-creditscope-*` header names and their values.
 * - error-kinds.ts: the error kinds, the status → kind rule and the charge states (`charged`).
 * - identity.ts: a page's identity (what makes two requests one purchase), the handle and id patterns.
 * - session.ts, session-calls.ts: the shapes `/api/_session` answers with, as valibot schemas.
 *
 * Beside them, imported by path: cookies.ts (every cookie name), decimal*.ts and money.ts (exact credits),
 * upstream/ (the upstream's answers read into the UI's shapes), export/ (the CSV and JSON columns both sides
 * write), dates/ (how dates are written, the date-style cookie), safe-next.ts, url.ts, render.ts (the SSR entry's
 * types). The server imports nothing else from src/ (eslint.config.js), and these import nothing outside src/contract.
 */
export * from './headers.ts';
export * from './error-kinds.ts';
export * from './identity.ts';
export * from './session.ts';
export * from './session-calls.ts';
