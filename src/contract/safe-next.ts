/** Where nothing safer is known: the start page. */
const HOME = '/';
/** Any base will do: a path resolved against it must stay on it. */
const BASE = 'http://creditscope.invalid';

/**
 * Whether `path` could take a browser off this site, as browsers read a URL: they drop tabs and newlines anywhere in
 * it, read `\` as `/`, and a path starting `//` names another host. Its path part (before `?` or `#`) is checked as
 * given and decoded, up to three times, so `/%2F…`, `/%5C…` and `/%09/…` are refused too, whoever decodes them later.
 */
function leaves(path: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what is looked for
  const control = /[\u0000-\u001f\u007f]/;
  if (control.test(path)) return true;
  let text = path.split(/[?#]/)[0]!;
  for (let round = 0; round < 3; round += 1) {
    if (!text.startsWith('/') || text.startsWith('//') || text.includes('\\') || control.test(text)) return true;
    let decoded: string;
    try {
      decoded = decodeURIComponent(text);
    } catch {
      return true;
    }
    if (decoded === text) return false;
    text = decoded;
  }
  return true;
}

/**
 * Where to go after signing in (`next`): only a path on this site, normalised as the browser will read it, and never
 * back to the sign-in or welcome page; anything else is the start page. Used by the sign-in page, which makes the
 * move, and by the server, which writes `next` into its redirect to sign in (server/identity/page-gate.ts).
 */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || leaves(next)) return HOME;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return HOME;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Resolving can make a new `//` (`/.//host`): the result is checked again.
  if (url.origin !== BASE || leaves(path)) return HOME;
  if (/^\/(sign-in|welcome)(\/|$)/.test(url.pathname)) return HOME;
  return path;
}
