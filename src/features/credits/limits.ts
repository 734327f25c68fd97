import { sumDecimals } from '../../contract/decimal-math';

/** What a limit leaves after `spent`, never below 0; null without a limit. Exact, on decimal strings. */
export function leftUnder(limit: string | null, spent: string): string | null {
  if (limit === null) return null;
  const left = sumDecimals([limit, `-${spent}`]);
  return left.startsWith('-') ? '0' : left;
}

/** Whether decimal `value` is above decimal `ceiling`. */
export function isAbove(value: string, ceiling: string): boolean {
  return sumDecimals([ceiling, `-${value}`]).startsWith('-');
}
