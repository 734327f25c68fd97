/**
 * The address this browser last showed behind its arrival gate (src/api/purchase/use-arrival-gate.ts): a reload of
 * it, or a return to it, comes as a navigation the person made here, and still buys nothing
 * (server/http/navigation-intent.ts). Left as it is once the page is bought: the archive serves it free then. Written
 * by the browser, URI-encoded; a module of its own, so the app's shell does not carry it.
 */
export const GATED_COOKIE = 'creditscope-gated';
