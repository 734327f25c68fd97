import { parseSearchWith, stringifySearchWith } from '@tanstack/react-router';

/**
 * The router's default writes a string that looks like a number as JSON (`rest_id=%221002%22`), so a
 * shared address reads badly and differs from the one typed. Here every value is written as plain text
 * (the route schemas read numbers and booleans back as text where they want text).
 */
export const stringifySearch = stringifySearchWith(JSON.stringify);

/**
 * Addresses written before kept that JSON quoting: `"1002"` (a quoted string whose content would itself
 * parse as JSON) is read as `1002`. Anything else stays exactly as written, quotes included.
 */
function unquoteLegacy(value: string): unknown {
  if (value.length < 3 || !value.startsWith('"') || !value.endsWith('"')) return value;
  try {
    const inner: unknown = JSON.parse(value);
    if (typeof inner !== 'string') return value;
    JSON.parse(inner);
    return inner;
  } catch {
    return value;
  }
}

export const parseSearch = parseSearchWith(unquoteLegacy);
