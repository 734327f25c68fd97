import * as v from 'valibot';
import { HANDLE, MAX_SEARCH_TEXT, REST_ID } from '../../src/contract/identity.ts';
import type { Route } from './operations.ts';

/**
 * What each paid operation accepts, checked before anything is journalled or sent: a request the
 * upstream would refuse (or answer with something nobody asked for) must not cost a credit.
 * These are the rules the app's own forms and routes already follow (src/features/{search,timeline}/params.ts).
 */
const MAX_TEXT = MAX_SEARCH_TEXT;
const HL = /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/;
const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;
/**
 * What no one can type: a control character (NUL, ESC, DEL, C1…) or half of a surrogate pair (JSON's
 * "\ud800" escape). Tab and line breaks are whitespace, which the canonical search collapses to spaces.
 */
export const UNTYPABLE = /\p{Cs}|(?![\t\n\v\f\r])\p{Cc}/u;
/** Cursors are opaque tokens of the upstream's (base64 and the like: `+/=-_`): visible ASCII, no spaces. */
const CURSOR = /^[\x21-\x7e]{1,2048}$/;

/** The value as the message quotes it back: short, and never a dump of an object. */
function shown(value: unknown): string {
  if (Array.isArray(value)) return `a list of ${value.length} value${value.length === 1 ? '' : 's'}`;
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  return String(value);
}

const must = (field: string, allowed: string) => (issue: { input: unknown }) =>
  `${field} must be ${allowed}; got ${shown(issue.input)}`;

/** A number or a string of digits (a query string or a form carries numbers as text). */
function wholeBetween(min: number, max: number) {
  return (value: unknown) => {
    const number =
      typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
    return Number.isSafeInteger(number) && number >= min && number <= max;
  };
}

/** `example.org`, `docs.example.org`, `https://www.example.org/path`: something with a host name in it. */
function isSite(value: string): boolean {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    const labels = url.hostname.replace(/\.$/, '').split('.');
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      !/\s/.test(value) &&
      !UNTYPABLE.test(value) &&
      labels.length >= 2 &&
      labels.every((label) => HOST_LABEL.test(label))
    );
  } catch {
    return false;
  }
}

const text = (field: string, allowed: string) => v.string(must(field, allowed));
// Surrounding spaces are dropped by the canonical form (src/contract/identity.ts), so ` ada` is `ada`; inner ones are refused.
const trimmed = (field: string, allowed: string, pattern: RegExp) =>
  v.pipe(text(field, allowed), v.trim(), v.regex(pattern, must(field, allowed)));

const q = 'non-empty text of at most 2048 characters, without control characters';
const handle = 'a handle: 1 to 50 letters, digits or _';
const restId = 'a numeric user id: 1 to 25 digits';
const cursor = 'a cursor from an earlier page: 1 to 2048 visible ASCII characters, no spaces or control characters';
const site = 'a host name or URL such as example.org or https://example.org';

const SCHEMAS = {
  timeline: v.pipe(
    v.object({
      screen_name: v.optional(trimmed('screen_name', handle, HANDLE)),
      rest_id: v.optional(trimmed('rest_id', restId, REST_ID)),
      cursor: v.optional(v.pipe(text('cursor', cursor), v.regex(CURSOR, must('cursor', cursor)))),
    }),
    // Both may be given (a shared link can carry both): screen_name wins, in src/contract/identity.ts.
    v.check(
      (params) => params.screen_name !== undefined || params.rest_id !== undefined,
      'screen_name or rest_id is required: give a handle (screen_name=jack) or a numeric user id (rest_id=12)',
    ),
  ),
  search: v.object(
    {
      // Checked on the trimmed text, quoted back as sent: "   " is refused as "   ", not as "".
      q: v.pipe(
        text('q', q),
        v.check(
          (value) => value.trim() !== '' && value.trim().length <= MAX_TEXT && !UNTYPABLE.test(value),
          must('q', q),
        ),
      ),
      num: v.optional(v.custom(wholeBetween(1, 100), must('num', 'a whole number from 1 to 100'))),
      page: v.optional(
        v.custom(
          wholeBetween(1, Number.MAX_SAFE_INTEGER),
          must('page', 'a whole number from 1, as a number or a string of digits like "2"'),
        ),
      ),
      site: v.optional(
        v.pipe(
          text('site', site),
          v.trim(),
          v.maxLength(MAX_TEXT, must('site', site)),
          v.check(isSite, must('site', site)),
        ),
      ),
      hl: v.optional(trimmed('hl', 'a language code like en or pt-BR', HL)),
    },
    `q is required: ${q}`,
  ),
};

/** Why these parameters are refused, in one message naming every field at fault; null when they are fine. */
export function paramsProblem(route: Route, source: Record<string, unknown>): string | null {
  const problems: string[] = [];
  const unknown = Object.keys(source).filter((name) => !route.fields.includes(name));
  if (unknown.length > 0) {
    problems.push(
      `unknown parameter${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => JSON.stringify(name)).join(', ')}: ${route.operation} takes ${route.fields.join(', ')}`,
    );
  }
  const result = v.safeParse(SCHEMAS[route.operation], source);
  if (!result.success) problems.push(...result.issues.map((issue) => issue.message));
  return problems.length > 0 ? `Not sent, nothing charged: ${problems.join('; ')}` : null;
}

/** The query string as an object; a name given twice becomes a list, which no field accepts. */
export function queryParams(search: URLSearchParams): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const name of new Set(search.keys())) {
    const values = search.getAll(name);
    params[name] = values.length > 1 ? values : values[0];
  }
  return params;
}
