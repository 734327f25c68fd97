import type { IncomingHttpHeaders } from 'node:http';
import { GATED_COOKIE } from '../../src/contract/gated-cookie.ts';
import { cookieValue } from '../identity/identity.ts';

/**
 * What the browser says about why it asks for a page (Fetch Metadata and the prefetch purpose headers).
 * Money rides on it: the server buys for a page only when a person asked for that page here.
 */

/** The headers a browser puts on a request it makes ahead of time, and the values that mean "not asked for yet". */
const PURPOSE_HEADERS = ['sec-purpose', 'purpose', 'x-purpose', 'x-moz'] as const;
const SPECULATIVE_PURPOSE = /prefetch|prerender|preview/i;

/**
 * Loaded ahead of time, before anyone asked to see it: speculation rules (`prefetch`, `prefetch;prerender`;
 * Chromium sends these as `Sec-Fetch-Site: none` whichever site listed them), `<link rel=prefetch>`, the
 * address bar's guess, and every request a prerendering document makes.
 */
export function isSpeculative(headers: IncomingHttpHeaders): boolean {
  return PURPOSE_HEADERS.some((name) => {
    const value = headers[name];
    return typeof value === 'string' && SPECULATIVE_PURPOSE.test(value);
  });
}

/**
 * A navigation a person started, in this app or by typing, a bookmark or a reload (`Sec-Fetch-User: ?1`),
 * and not one made ahead of time: the only kind the server buys for. Another site's link, form or frame
 * (`cross-site`, `same-site`), a speculative load, a navigation no person started (`none` without `?1`)
 * and a request without these headers buy nothing.
 */
export function personNavigatedHere(headers: IncomingHttpHeaders, url: string): boolean {
  const site = headers['sec-fetch-site'];
  return (
    (site === 'none' || site === 'same-origin') &&
    headers['sec-fetch-mode'] === 'navigate' &&
    headers['sec-fetch-user'] === '?1' &&
    !isSpeculative(headers) &&
    !stillGated(headers, url)
  );
}

/**
 * An address this browser shows behind its arrival gate and the person has not opened yet: after a navigation in the
 * app, a reload of it (or a return to it that the browser asks for again) comes as the person's own, and would buy.
 */
function stillGated(headers: IncomingHttpHeaders, url: string): boolean {
  return cookieValue(headers.cookie, GATED_COOKIE) === url;
}

/**
 * Opened from somewhere that is not this app and not a person's own act here: another site's link, popup,
 * form or frame, a load made ahead of time (another site's speculation rules among them), or such an address still
 * behind its gate in this browser. Such a page
 * buys nothing on load and shows what it would buy with a priced button (page-guard's arrival cookie).
 */
export function arrivedFromElsewhere(headers: IncomingHttpHeaders, url: string): boolean {
  const site = headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site' || isSpeculative(headers) || stillGated(headers, url);
}
