import Big from 'big.js';
import { Problem } from './config-rules.ts';
import type { CreditPrice } from '../src/contract/index.ts';

export const CREDIT_PRICE_DECIMALS = 10;
export const CREDIT_PRICE_MAX = 1_000_000;
const EXAMPLE = 'Set an amount and an ISO 4217 currency code, like CREDIT_PRICE=0.002 USD, or leave it unset';

/**
 * What one credit costs in a currency, as the operator pays for it (`CREDIT_PRICE=0.002 USD`): shown beside
 * credits and written into exports. An amount written as exported figures are (plain digits, no exponent,
 * above 0, at most CREDIT_PRICE_DECIMALS decimals) and a currency code the runtime knows.
 */
export function creditPrice(raw: string): CreditPrice {
  const [amount = '', currency = '', ...rest] = raw.split(/\s+/);
  const problem = (why: string) => new Problem(`CREDIT_PRICE ${JSON.stringify(raw)} ${why}. ${EXAMPLE}.`);
  if (!currency || rest.length > 0) throw problem('is not an amount and a currency code separated by a space');
  const digits = /^(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!digits) {
    throw problem(
      /^[-−]/.test(amount)
        ? 'has a negative amount'
        : /e/i.test(amount)
          ? 'has an exponent: write the amount out in digits'
          : `has an amount ${JSON.stringify(amount)} that is not a decimal number`,
    );
  }
  if ((digits[2]?.length ?? 0) > CREDIT_PRICE_DECIMALS)
    throw problem(`has more than ${CREDIT_PRICE_DECIMALS} decimals`);
  if (new Big(amount).eq(0)) throw problem('is 0: a price above 0 is needed, or no price at all');
  if (new Big(amount).gt(CREDIT_PRICE_MAX)) throw problem(`is over ${CREDIT_PRICE_MAX} a credit`);
  if (!Intl.supportedValuesOf('currency').includes(currency)) {
    throw problem(
      `has ${JSON.stringify(currency)}, which is not an ISO 4217 currency code (in capitals, like USD or EUR)`,
    );
  }
  // Canonical: no leading zeros or trailing decimal zeros, so every figure built from it reads the same.
  return { amount: new Big(amount).toFixed(), currency };
}
