import { HANDLE } from '../api/identity';

export type ProfileLookup = { screen_name: string } | { rest_id: string };

/** `jack`, `@jack`, `12345` or `https://<platform>/jack` → the timeline search params, or an error sentence. */
export function parseProfileLookup(input: string): ProfileLookup | { error: string } {
  let value = input.trim();
  if (!value) return { error: 'Enter a handle, @handle, numeric id or profile URL' };
  if (/^https?:\/\//i.test(value) || /^[\w.-]+\.[a-z]{2,}\//i.test(value)) {
    try {
      const url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
      value = url.pathname.split('/').filter(Boolean)[0] ?? '';
    } catch {
      return { error: `"${input}" is not a valid profile URL` };
    }
    if (!value) return { error: 'That URL has no profile name in it' };
  }
  value = value.replace(/^@/, '');
  if (/^\d+$/.test(value)) return { rest_id: value };
  if (HANDLE.test(value)) return { screen_name: value };
  return { error: `"${input}" is not a handle: use letters, digits and _ only` };
}
