import type { IncomingMessage, ServerResponse } from 'node:http';
import { ARRIVAL_COOKIE } from '../../src/contract/cookies.ts';
import { arrivedFromElsewhere } from './navigation-intent.ts';

/** Headers on every page and asset: no other site may frame the app, sniff types or read where users came from. */
export const PAGE_HEADERS: Record<string, string> = {
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

function isDocumentRequest(request: IncomingMessage): boolean {
  return request.headers['sec-fetch-mode'] === 'navigate' || request.headers['sec-fetch-dest'] === 'document';
}

/**
 * A page opened from another site (a link, a popup, a form: `Sec-Fetch-Site: cross-site` or
 * `same-site`) or loaded ahead of time (speculation rules, prefetch, prerender: `Sec-Purpose`) gets a
 * short-lived cookie that tells the app not to buy on load; a navigation the user made here or typed
 * (`none`, `same-origin`) clears it.
 */
export function guardPage(request: IncomingMessage, response: ServerResponse) {
  for (const [name, value] of Object.entries(PAGE_HEADERS)) response.setHeader(name, value);
  if (!isDocumentRequest(request)) return;
  response.setHeader(
    'set-cookie',
    arrivedFromElsewhere(request.headers, request.url ?? '')
      ? `${ARRIVAL_COOKIE}=foreign; Path=/; Max-Age=120; SameSite=Lax`
      : `${ARRIVAL_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`,
  );
}

/**
 * The page for an address whose path cannot be decoded (`/timeline/%/post/1`, bytes that are not UTF-8): no route can
 * read it, so the app cannot show it; a page that says so, and where to go, rather than a bare "Bad request".
 */
export const UNREADABLE_ADDRESS =
  '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>This address cannot be read · creditscope</title>' +
  '<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5">' +
  '<h1>This address cannot be read</h1><p>Its path holds a <code>%</code> not followed by two hexadecimal digits, or ' +
  'bytes that are not UTF-8 text, so creditscope cannot tell which page it names. Nothing was bought.</p>' +
  '<p><a href="/">Go to the start page</a></p></body></html>';

/** Vite's editor launcher lets any page open files on this machine; creditscope has no use for it. */
const REFUSED_PATHS = ['/__open-in-editor'];

/** Paths every server answers 404, whatever it would otherwise serve there (the app's page included). */
export function isRefusedPath(path: string): boolean {
  return REFUSED_PATHS.some((refused) => path === refused || path.startsWith(`${refused}/`));
}
