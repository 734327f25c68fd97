import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** CREDIT_PRICE through the configuration as the server reads it at start. */
describe('CREDIT_PRICE (what one credit costs in a currency)', () => {
  it('is off when unset or blank: credits only', () => {
    expect(loadConfig({}).creditPrice).toBeNull();
    expect(loadConfig({ CREDIT_PRICE: '  ' }).creditPrice).toBeNull();
  });

  it.each([
    ['0.002 USD', { amount: '0.002', currency: 'USD' }],
    ['  0.002   EUR ', { amount: '0.002', currency: 'EUR' }],
    ['1 JPY', { amount: '1', currency: 'JPY' }],
    ['0.0000000001 USD', { amount: '0.0000000001', currency: 'USD' }],
    ['1000000 CHF', { amount: '1000000', currency: 'CHF' }],
    // Written canonically, so every figure built from it reads the same.
    ['007.5000 GBP', { amount: '7.5', currency: 'GBP' }],
  ])('reads %j', (raw, price) => {
    expect(loadConfig({ CREDIT_PRICE: raw }).creditPrice).toEqual(price);
  });

  it.each([
    [
      '-0.002 USD',
      /^CREDIT_PRICE "-0.002 USD" has a negative amount\. Set an amount and an ISO 4217 currency code, like CREDIT_PRICE=0\.002 USD/,
    ],
    ['2e-3 USD', /^CREDIT_PRICE "2e-3 USD" has an exponent: write the amount out in digits/],
    ['0.00000000001 USD', /^CREDIT_PRICE "0.00000000001 USD" has more than 10 decimals/],
    ['0.002 XYZ', /^CREDIT_PRICE "0.002 XYZ" has "XYZ", which is not an ISO 4217 currency code/],
    ['0.002 usd', /has "usd", which is not an ISO 4217 currency code \(in capitals/],
    ['0.002', /^CREDIT_PRICE "0.002" is not an amount and a currency code separated by a space/],
    ['USD 0.002', /has an amount "USD" that is not a decimal number/],
    ['$0.002 USD', /has an amount "\$0.002" that is not a decimal number/],
    ['0,002 USD', /has an amount "0,002" that is not a decimal number/],
    ['0.002 USD extra', /is not an amount and a currency code separated by a space/],
    ['0 USD', /is 0: a price above 0 is needed, or no price at all/],
    ['1000000.01 USD', /is over 1000000 a credit/],
  ])('refuses %j at start, saying why and how to fix it', (raw, message) => {
    expect(() => loadConfig({ CREDIT_PRICE: raw })).toThrow(ConfigError);
    expect(() => loadConfig({ CREDIT_PRICE: raw })).toThrow(message);
  });
});
