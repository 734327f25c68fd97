/**
 * A count with its noun, in the one plural rule every page follows: "1 credit", "0.1 credits", "0 posts",
 * "1 post". English's rule: singular only for exactly 1 as written ("1.0" is plural, as CLDR has it).
 */
export function plural(count: number | string, one: string, many = `${one}s`): string {
  return `${count} ${String(count) === '1' ? one : many}`;
}

/** An amount of credits as a sentence says it: "1 credit", "0.25 credits". */
export function creditsText(amount: number | string): string {
  return plural(amount, 'credit');
}
