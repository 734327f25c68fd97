/**
 * A count with its noun, in the one plural rule every page follows: "1 credit", "0.1 credits", "0 posts",
 * "1 post". English's rules (Intl.PluralRules), with a decimal's written digits kept: "1.0" is plural as "1" is not.
 */
export function plural(count: number | string, one: string, many = `${one}s`): string {
  const written = String(count);
  const fraction = /\.(\d+)$/.exec(written)?.[1]?.length ?? 0;
  const rule = new Intl.PluralRules('en-US', { minimumFractionDigits: fraction }).select(Number(written));
  return `${written} ${rule === 'one' ? one : many}`;
}

/** An amount of credits as a sentence says it: "1 credit", "0.25 credits". */
export function creditsText(amount: number | string): string {
  return plural(amount, 'credit');
}
