// Apart from decimal.ts, which every page loads for the meter: only the money beside credits (a server with
// CREDIT_PRICE set) and exports need a product, and they load it with themselves.
/**
 * a × b exactly, however many decimals each has: the product's decimals are the sum of theirs, so nothing is
 * rounded (a price per credit times credits, for exports). Trailing zeros are dropped; unreadable input is 0.
 */
export function multiplyDecimals(a: string, b: string): string {
  const digitsOf = (value: string) => {
    const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
    if (!match) return { units: 0n, places: 0 };
    const [, sign, whole, fraction = ''] = match;
    const units = BigInt(`${whole}${fraction}`);
    return { units: sign ? -units : units, places: fraction.length };
  };
  const x = digitsOf(a);
  const y = digitsOf(b);
  const places = x.places + y.places;
  const product = x.units * y.units;
  const negative = product < 0n;
  const text = (negative ? -product : product).toString().padStart(places + 1, '0');
  const whole = text.slice(0, text.length - places);
  const fraction = text.slice(text.length - places).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
