import type { CreditPrice } from './session.ts';
import { multiplyDecimals } from './decimal-product.ts';

/** Credits in the operator's currency, exact (credits × price per credit): what exports write. */
export function moneyOf(credits: string, price: CreditPrice): string {
  return multiplyDecimals(credits, price.amount);
}

const formats = new Map<string, Intl.NumberFormat>();

function format(currency: string, fractionDigits?: number): Intl.NumberFormat {
  const key = `${currency}|${fractionDigits ?? ''}`;
  let found = formats.get(key);
  if (!found) {
    // One language on server and browser alike ('en', as credits are written): a page the server rendered
    // hydrates with the same words. The symbol tells currencies apart (US$ beside CA$ only where needed).
    const digits = fractionDigits === undefined ? {} : { maximumFractionDigits: fractionDigits };
    found = new Intl.NumberFormat('en', { style: 'currency', currency, ...digits });
    formats.set(key, found);
  }
  return found;
}

/**
 * An amount of money as people read it: the currency's usual decimals ("$1.23"), and for an amount smaller than
 * those show, enough more for two significant digits ("$0.0006", "$0.0012"), so a small spend never reads as
 * nothing. Rounded for display only: exports carry `moneyOf`'s exact figure. Formatted from the decimal text,
 * never through a float.
 */
export function moneyText(amount: string, currency: string): string {
  const usual = format(currency).resolvedOptions().maximumFractionDigits ?? 2;
  const fraction = /^-?0\.(0*)[1-9]/.exec(amount);
  const needed = fraction ? fraction[1]!.length + 2 : 0;
  const digits = Math.min(Math.max(usual, needed), 20);
  // Intl formats a decimal string exactly (no float); the type only lists numbers.
  return format(currency, digits).format(amount as unknown as number);
}

/** Credits as money in the operator's currency, for display: null when no price is set. */
export function creditsAsMoney(credits: string, price: CreditPrice | null | undefined): string | null {
  return price ? moneyText(moneyOf(credits, price), price.currency) : null;
}
