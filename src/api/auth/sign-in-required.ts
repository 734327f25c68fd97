/** The proxy's 401 for any /api request without a session or key, in accounts and header modes (#28). */
export const SIGN_IN_REQUIRED = 'sign-in-required';

/**
 * Pages that must stay where they are when a request on them is refused for want of a sign-in; they show no
 * navigation and ask for nothing that needs a session (src/routes/__root.tsx).
 */
export const SIGN_IN_PAGES = ['/sign-in', '/welcome'];

/**
 * Sends the person to the sign-in page, coming back here afterwards. In the browser only, once per page: every
 * request on a page refused at once makes one navigation.
 */
let leaving = false;
export function signInRequired() {
  if (typeof window === 'undefined' || leaving) return;
  const { pathname, search, hash } = window.location;
  if (SIGN_IN_PAGES.includes(pathname)) return;
  leaving = true;
  window.location.assign(`/sign-in?next=${encodeURIComponent(pathname + search + hash)}`);
}
