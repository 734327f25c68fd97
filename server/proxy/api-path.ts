/**
 * Which requests are the API's, decided on the path exactly as the client sent it, by every host that
 * mounts the handler (server/http/production.ts, the Vite plugin, the tests' node:http server).
 *
 * URL parsing rewrites a path: it resolves dot segments, `%2e` included (`/api/%2e%2e/x` is `/x`), turns
 * `\` into `/` and escapes what must be escaped. When the host routed on the path as sent and the handler
 * on the parsed one, `/api/%2e%2e/x` was taken by the host as the API's (so nothing else would answer it)
 * and then declined by the handler as not the API's: the request was never answered. So an /api path
 * that parsing would change is refused here, and the path the handler routes on is the one sent.
 */

/** Parsing needs an origin; which one does not matter, only the path and the query are read. */
const ORIGIN = 'http://app.local';

/** The path of a request target as sent: everything before the query. */
export function pathAsSent(target: string): string {
  return target.split('?', 1)[0]!;
}

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** A path quoted back in a message: short, with any odd character escaped. */
function quoted(path: string): string {
  return JSON.stringify(path.length > 80 ? `${path.slice(0, 80)}…` : path);
}

/** An /api request's address, parsed, with its path unchanged by parsing; or why it is refused. */
export function readApiTarget(target: string): { url: URL } | { problem: string } {
  const asSent = pathAsSent(target);
  const url = new URL(`${ORIGIN}${target}`);
  if (url.pathname !== asSent) {
    return {
      problem: `Refused: the path ${quoted(asSent)} is not a plain API path: dot segments (. .. %2e), backslashes, # and characters that must be percent-encoded are not accepted under /api`,
    };
  }
  return { url };
}
