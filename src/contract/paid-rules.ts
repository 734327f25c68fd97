/**
 * The rules a paid page's parameters follow, shared by the proxy's check (src/contract/paid-params.ts, before
 * anything is journalled or sent) and the browser's forms and addresses (src/features/search/route-schema.ts):
 * what the browser offers to buy is what the proxy agrees to send. Plain values and functions (no valibot), so
 * the route definitions every page loads stay small. The handle and id patterns are the page identity's
 * (identity.ts); the limits are ./limits.ts's.
 */
import { MAX_TEXT_LENGTH } from './limits.ts';

/** `en`, `pt-BR`, `zh-CN`: a language code the API's `hl` takes. */
export const HL = /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/;
const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** Cursors are opaque tokens of the upstream's (base64 and the like: `+/=-_`): visible ASCII, no spaces. */
export const CURSOR = new RegExp(`^[\\x21-\\x7e]{1,${MAX_TEXT_LENGTH}}$`);
/**
 * What no one can type: a control character (NUL, ESC, DEL, C1…) or half of a surrogate pair (JSON's
 * "\ud800" escape). Tab and line breaks are whitespace, which the canonical search collapses to spaces.
 */
export const UNTYPABLE = /\p{Cs}|(?![\t\n\v\f\r])\p{Cc}/u;

/**
 * `https://www.Example.org/docs?x=1`, `www.example.org/a`, `example.org` → `example.org`: the bare host
 * the API's `site` expects. Null when there is no plausible host name in the input.
 */
export function normaliseSite(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed.replace(/^\/+/, '')}`;
  let host: string;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    host = url.hostname.toLowerCase();
  } catch {
    return null;
  }
  host = host.replace(/^www\./, '').replace(/\.$/, '');
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => HOST_LABEL.test(label))) return null;
  return host;
}

/** Whole numbers only: `"20"` and `20` pass, `"2.5"`, `"20px"` and `""` do not. */
export function parseWhole(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return Number(value);
  return null;
}
