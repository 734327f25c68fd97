import * as v from 'valibot';
import { compareDecimals as compare } from './decimal-math.ts';

/**
 * A decimal as the server and the browser write credits to each other: plain ASCII digits with at most one
 * point and a digit on each side of it, never a sign or an exponent ("0.0000001", never "1e-7"). Every answer's
 * decimal field is checked with it, and every decimal a route takes must match it too (readDecimalSetting).
 */
/** Unanchored, for an input's `pattern` attribute (the browser anchors it); DECIMAL is it anchored. */
export const DECIMAL_DIGITS = String.raw`\d+(\.\d+)?`;
export const DECIMAL = new RegExp(`^${DECIMAL_DIGITS}$`);

/** The valibot form of DECIMAL, for the contract's schemas. */
export const decimal = v.pipe(v.string(), v.regex(DECIMAL));

/** The most decimal places a setting (a limit, an alert's threshold, a quote accepted) may have. */
export const SETTING_DECIMALS = 6;

export interface DecimalBounds {
  /** The field's name as the request spells it, for the message ("limit", "threshold"). */
  name: string;
  /** The least it may be; with `above`, it must be more than that. */
  min: string;
  above?: boolean;
  /** The most it may be (included). */
  max: string;
  /** What it counts, after the number in a message: "credits", "% of the limit". */
  unit?: string;
}

export type DecimalRead = { value: string } | { problem: string };

/** Why a text is not a plain decimal, named as precisely as a person can act on. */
function formProblem(text: string): string | null {
  if (text === '') return 'is empty';
  if (text.trim() !== text) return 'has spaces around it';
  if (/^[+-]/.test(text)) return 'has a sign: write the number alone, like 0.5';
  if (new RegExp(`^${DECIMAL_DIGITS}[eE]`).test(text) || /^\d*\.?\d*[eE][+-]?\d+$/.test(text))
    return 'is in exponent form: write it out in plain digits, like 0.5';
  if (/^\d+,\d+$/.test(text)) return 'has a comma: write the decimal point as ".", like 1.5';
  if (/^\.\d+$/.test(text) || /^\d+\.$/.test(text)) return 'needs a digit on each side of the point, like 0.5 or 5';
  if (!DECIMAL.test(text)) return 'is not a number written with the digits 0 to 9 and at most one point, like 0.5';
  return null;
}

/** The largest number every runtime writes in plain digits (JavaScript switches to exponents at 1e21). */
const PLAIN_NUMBER_MAX = 1e21;

/**
 * Reads a decimal setting from a request: a JSON string or a JSON number, plain digits only, at most
 * SETTING_DECIMALS places, within its bounds. The value comes back in one canonical form (no leading or
 * trailing zeros, never an exponent), so what is stored is what every page can read; anything else is a
 * specific problem, worded with the field's name and its bounds.
 */
export function readDecimalSetting(raw: unknown, bounds: DecimalBounds): DecimalRead {
  const { name, min, max, above = false, unit = 'credits' } = bounds;
  const range = `${above ? `more than ${min}` : `from ${min}`} ${above ? 'and at most' : 'to'} ${max} ${unit}`;
  const refuse = (why: string): DecimalRead => ({
    problem: `${name} ${why}. Send a number ${range}, with at most ${SETTING_DECIMALS} decimals, as a string like "0.5".`,
  });
  let text: string;
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) return refuse('is not a finite number');
    if (Math.abs(raw) >= PLAIN_NUMBER_MAX) return refuse(`${String(raw)} is over ${max}`);
    // JavaScript writes these in exponent form ("1e-7"): more places than a setting keeps, whatever the sign.
    if (raw !== 0 && Math.abs(raw) < 10 ** -SETTING_DECIMALS)
      return refuse(`${String(raw)} has more than ${SETTING_DECIMALS} decimals`);
    text = Object.is(raw, -0) ? '0' : String(raw);
  } else if (typeof raw === 'string') {
    text = raw;
  } else {
    return refuse(
      `must be a string or a number, not ${raw === null ? 'null' : Array.isArray(raw) ? 'a list' : typeof raw}`,
    );
  }
  const shown = JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
  const problem = formProblem(text);
  if (problem) return refuse(`${shown} ${problem}`);
  const [whole = '', fraction = ''] = text.split('.');
  if (fraction.length > SETTING_DECIMALS) return refuse(`${shown} has more than ${SETTING_DECIMALS} decimals`);
  const value = canonicalDecimal(whole, fraction);
  if (compare(value, max) > 0) return refuse(`${shown} is over ${max}`);
  const low = compare(value, min);
  if (low < 0 || (above && low === 0)) return refuse(`${shown} is ${above ? `not more than ${min}` : `below ${min}`}`);
  return { value };
}

/** "007.500" → "7.5": no leading zeros but one before the point, no trailing zeros after it. */
function canonicalDecimal(whole: string, fraction: string): string {
  const integer = whole.replace(/^0+(?=\d)/, '');
  const decimals = fraction.replace(/0+$/, '');
  return decimals ? `${integer}.${decimals}` : integer;
}
