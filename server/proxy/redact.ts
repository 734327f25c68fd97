import { SpellingMatcher } from './spelling-matcher.ts';
import { tokenSpellings } from './token-spellings.ts';

export const REDACTED = '[redacted]';

export interface Redactor {
  text(text: string): string;
}

/**
 * Removes the token, in every spelling of token-spellings.ts (two encoders deep), from what the upstream
 * sends. A JSON answer's own string escaping is one more layer over whatever a value holds (a value
 * `\u0025…` is `\\u0025…` in the answer), so the strings that have escapes are also read as their values.
 * One pass over the text whatever the number of spellings: a 1 MB answer takes milliseconds.
 */
export function createRedactor(token: string): Redactor {
  if (!token) return { text: (text) => text };
  const matcher = new SpellingMatcher(tokenSpellings(token));
  const redactSpellings = (value: string) =>
    replaceSpans(
      value,
      matcher.find(value).map((span) => ({ ...span, by: REDACTED })),
    );
  const redactJsonValues = (value: string) =>
    replaceSpans(
      value,
      escapedJsonStrings(value).flatMap((span) => {
        let decoded: unknown;
        try {
          decoded = JSON.parse(value.slice(span.start, span.end));
        } catch {
          return [];
        }
        const redacted = redactSpellings(decoded as string);
        return redacted === decoded ? [] : [{ ...span, by: JSON.stringify(redacted) }];
      }),
    );
  return { text: (value) => redactSpellings(redactJsonValues(value)) };
}

interface Replacement {
  start: number;
  end: number;
  by: string;
}

function replaceSpans(text: string, spans: Replacement[]): string {
  if (spans.length === 0) return text;
  let replaced = '';
  let from = 0;
  for (const { start, end, by } of spans) {
    replaced += text.slice(from, start) + by;
    from = end;
  }
  return replaced + text.slice(from);
}

/** Where the text's JSON string literals with an escape in them are, quotes included: only in those can JSON hide a spelling. */
function escapedJsonStrings(text: string): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  let backslash = text.indexOf('\\');
  for (let start = text.indexOf('"'); start !== -1;) {
    let escaped = false;
    let end = start + 1;
    for (;;) {
      const quote = text.indexOf('"', end);
      if (quote === -1) return found;
      if (backslash !== -1 && backslash < end) backslash = text.indexOf('\\', end);
      if (backslash === -1 || backslash > quote) {
        end = quote;
        break;
      }
      // An escape: the character after the backslash (a quote, perhaps) is part of the string.
      escaped = true;
      end = backslash + 2;
    }
    if (escaped) found.push({ start, end: end + 1 });
    start = text.indexOf('"', end + 1);
  }
  return found;
}
