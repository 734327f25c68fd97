import * as v from 'valibot';
import { HANDLE, REST_ID } from './identity.ts';
import { MAX_RESULTS, MAX_TEXT_LENGTH } from './limits.ts';
import type { PaidOperation } from './operations.ts';
import { CURSOR, HL, normaliseSite, parseWhole, UNTYPABLE } from './paid-rules.ts';

/**
 * What each paid operation accepts, as valibot shapes: the proxy checks a page's parameters with them before
 * anything is journalled or sent (a request the upstream would refuse, or answer with something nobody asked
 * for, must not cost a credit), and its Fastify schemas are derived from them (server/http/contract-schema.ts).
 * Each message names its field, says what it must be and quotes what came.
 */

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
  return (value: string | number) => {
    const number = parseWhole(value);
    return number !== null && Number.isSafeInteger(number) && number >= min && number <= max;
  };
}

/** `example.org`, `docs.example.org`, `https://www.example.org/path`: something with a host name in it, as the form reads it. */
const isSite = (value: string) => !/\s/.test(value) && !UNTYPABLE.test(value) && normaliseSite(value) !== null;

const text = (field: string, allowed: string) => v.string(must(field, allowed));
// Surrounding spaces are dropped by the canonical form (identity.ts), so ` ada` is `ada`; inner ones are refused.
const trimmed = (field: string, allowed: string, pattern: RegExp) =>
  v.pipe(text(field, allowed), v.trim(), v.regex(pattern, must(field, allowed)));
/** A whole number, sent as a number (a JSON body) or as digits (a query string). */
const whole = (field: string, allowed: string, min: number, max: number) =>
  v.pipe(
    v.union([v.number(), v.string()], must(field, allowed)),
    v.check(wholeBetween(min, max), must(field, allowed)),
  );

const q = `non-empty text of at most ${MAX_TEXT_LENGTH} characters, without control characters`;
const handle = 'a handle: 1 to 50 letters, digits or _';
const restId = 'a numeric user id: 1 to 25 digits';
const cursor = 'a cursor from an earlier page: 1 to 2048 visible ASCII characters, no spaces or control characters';
const site = 'a host name or URL such as example.org or https://example.org';

const timelineFields = v.object({
  screen_name: v.optional(trimmed('screen_name', handle, HANDLE)),
  rest_id: v.optional(trimmed('rest_id', restId, REST_ID)),
  cursor: v.optional(v.pipe(text('cursor', cursor), v.regex(CURSOR, must('cursor', cursor)))),
});

const searchFields = v.object(
  {
    // Checked on the trimmed text, quoted back as sent: "   " is refused as "   ", not as "".
    q: v.pipe(
      text('q', q),
      v.check(
        (value) => value.trim() !== '' && value.trim().length <= MAX_TEXT_LENGTH && !UNTYPABLE.test(value),
        must('q', q),
      ),
    ),
    num: v.optional(whole('num', `a whole number from 1 to ${MAX_RESULTS}`, 1, MAX_RESULTS)),
    page: v.optional(
      whole('page', 'a whole number from 1, as a number or a string of digits like "2"', 1, Number.MAX_SAFE_INTEGER),
    ),
    site: v.optional(
      v.pipe(
        text('site', site),
        v.trim(),
        v.maxLength(MAX_TEXT_LENGTH, must('site', site)),
        v.check(isSite, must('site', site)),
      ),
    ),
    hl: v.optional(trimmed('hl', 'a language code like en or pt-BR', HL)),
  },
  `q is required: ${q}`,
);

/** Each paid operation's parameters: the one shape the proxy checks with and Fastify's schema is derived from. */
export const PAID_PARAMS = {
  timeline: v.pipe(
    timelineFields,
    // Both may be given (a shared link can carry both): screen_name wins, in identity.ts.
    v.check(
      (params) => params.screen_name !== undefined || params.rest_id !== undefined,
      'screen_name or rest_id is required: give a handle (screen_name=jack) or a numeric user id (rest_id=12)',
    ),
  ),
  search: searchFields,
} satisfies Record<PaidOperation, v.GenericSchema>;

/** The parameters each operation takes, and nothing else: any other name is refused before anything is sent. */
export const PAID_FIELDS: Record<PaidOperation, readonly string[]> = {
  timeline: Object.keys(timelineFields.entries),
  search: Object.keys(searchFields.entries),
};
