import { paidForThisLoad, ORIGIN_WORDS, type PageOrigin } from '../../api/purchase/origin';
import { sumDecimals } from '../../contract/decimal-math';
import { creditsText } from '../../lib/plural';

/**
 * What the loaded pages cost in all and where they came from, in the one vocabulary: "0.3 credits in all",
 * then how many pages each origin gave, bought now first ({ 'bought now': 3, 'from archive': 4, 'in this browser': 1 }).
 */
export function spendWords(pages: readonly { origin: PageOrigin; credits: string }[]) {
  const parts: Record<string, number> = {};
  for (const words of ['bought now', 'from archive', 'in this browser']) parts[words] = 0;
  for (const page of pages) parts[ORIGIN_WORDS[page.origin]]! += 1;
  const paid = pages.filter((page) => paidForThisLoad(page.origin)).map((page) => page.credits || '0');
  return { total: `${creditsText(sumDecimals(paid))} in all`, parts };
}
