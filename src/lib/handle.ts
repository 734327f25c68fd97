import { HANDLE } from '../contract/identity';

export type ProfileLookup = { screen_name: string } | { rest_id: string };

/** The platform's own hosts: only an address on one of these names a profile (`https://x.com/jack`). */
const PROFILE_HOSTS = new Set(['x.com', 'twitter.com']);

function isProfileHost(hostname: string): boolean {
  return PROFILE_HOSTS.has(hostname.toLowerCase().replace(/^(www|mobile)\./, ''));
}

/**
 * `jack`, `@jack`, `12345` or the platform's profile address `https://x.com/jack` (a post's address there names
 * its author) → the timeline search params, or an error sentence. Another site's address names no one:
 * `https://example.com/foo/bar` is refused, never read as @foo.
 */
export function parseProfileLookup(input: string): ProfileLookup | { error: string } {
  let value = input.trim();
  if (!value) return { error: 'Enter a handle, @handle, numeric id or profile URL' };
  if (/^https?:\/\//i.test(value) || /^[\w.-]+\.[a-z]{2,}\//i.test(value)) {
    let url: URL;
    try {
      url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
    } catch {
      return { error: `"${input}" is not a valid profile URL` };
    }
    if (!isProfileHost(url.hostname)) return { error: `${url.hostname} is not the platform: give the handle` };
    value = url.pathname.split('/').filter(Boolean)[0] ?? '';
    if (!value) return { error: 'That URL has no profile name in it' };
  }
  value = value.replace(/^@/, '');
  if (/^\d+$/.test(value)) return { rest_id: value };
  if (HANDLE.test(value)) return { screen_name: value };
  return { error: `"${input}" is not a handle: use letters, digits and _ only` };
}
