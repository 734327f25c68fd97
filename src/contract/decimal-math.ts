/**
 * Exact arithmetic on the decimal strings the ledger hands out, on native BigInt: sums, averages, rates
 * and comparisons are all any page needs, and a decimal library would weigh more than every page's own code
 * in its first load (big.js was 3.5 KB gzipped of the credits page's).
 */
const SCALE_DIGITS = 12;
const SCALE = 10n ** BigInt(SCALE_DIGITS);

function toScaled(value: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return 0n;
  const [, sign, whole, fraction = ''] = match;
  const scaled = BigInt(whole!) * SCALE + BigInt(fraction.slice(0, SCALE_DIGITS).padEnd(SCALE_DIGITS, '0'));
  return sign ? -scaled : scaled;
}

function fromScaled(value: bigint, digits = SCALE_DIGITS): string {
  const negative = value < 0n;
  const absolute = negative ? -value : value;
  const unit = 10n ** BigInt(SCALE_DIGITS - digits);
  const rounded = (absolute + unit / 2n) / unit;
  const whole = rounded / 10n ** BigInt(digits);
  const fraction = (rounded % 10n ** BigInt(digits)).toString().padStart(digits, '0').replace(/0+$/, '');
  return `${negative && rounded !== 0n ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

export function sumDecimals(values: readonly string[]): string {
  return fromScaled(values.reduce((sum, value) => sum + toScaled(value), 0n));
}

/** The sum after each value in turn: a cumulative series, exact at every step. */
export function runningSums(values: readonly string[]): string[] {
  let sum = 0n;
  return values.map((value) => fromScaled((sum += toScaled(value))));
}

/** Negative, zero or positive as `a` is less than, equal to or greater than `b`, compared as decimals. */
export function compareDecimals(a: string, b: string): number {
  const difference = toScaled(a) - toScaled(b);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

/** Mean of decimal strings, rounded half up to `digits` places. */
export function meanDecimal(values: readonly string[], digits = 4): string {
  if (values.length === 0) return '0';
  const total = values.reduce((sum, value) => sum + toScaled(value), 0n);
  return fromScaled(total / BigInt(values.length), digits);
}

/**
 * value × by ÷ over, exactly, rounded half up to `digits` places; null when `over` is 0. For rates and
 * forecasts ("credits per hour", "when the limit is reached") without binary floating point.
 */
export function mulDiv(value: string, by: string, over: string, digits = 4): string | null {
  const divisor = toScaled(over);
  if (divisor === 0n) return null;
  // (v·S)(b·S)/(o·S) = (v·b/o)·S: still on the 12-place scale. Truncating at the 12th place cannot move a
  // half-way point of a coarser rounding, since those points are on the scale themselves.
  return fromScaled((toScaled(value) * toScaled(by)) / divisor, digits);
}
