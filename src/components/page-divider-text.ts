import { paidForThisLoad, type PageOrigin } from '../api/purchase/origin';
import type { DateStyle } from '../contract/dates/date-style';
import { boughtClock } from '../contract/dates/format';

/** What a page divider needs to know about its page: which one it is, where it came from, what it cost, when. */
export interface DividedPage {
  /** "page 4", or "newer posts" for a page Check for new posts put above the first. */
  label: string;
  origin: PageOrigin;
  /** Exact decimal the page cost its asker (the `x-creditscope-credits` header). */
  credits: string;
  /** When it was bought (the `x-creditscope-bought-at` header, else when the answer arrived). */
  boughtAt: number;
}

/**
 * The divider's words, shown and spoken: "page 4 · 0.1 credits · 14:02" for a page paid for in this page
 * load, "page 5 · from archive · 0 credits" for one the server's archive served free, "page 3 · in this
 * browser · bought 14:02" for this browser's own copy of an earlier purchase.
 */
export function pageDividerText(page: DividedPage, style: DateStyle): { shown: string; spoken: string } {
  const at = boughtClock(page.boughtAt, style);
  const spokenLabel = page.label.charAt(0).toUpperCase() + page.label.slice(1);
  if (page.origin === 'archive')
    return {
      shown: `${page.label} · from archive · 0 credits`,
      spoken: `${spokenLabel}, served free from the server’s archive, 0 credits`,
    };
  if (paidForThisLoad(page.origin))
    return {
      shown: `${page.label} · ${page.credits} credits · ${at}`,
      spoken: `${spokenLabel}, bought for ${page.credits} credits at ${at}`,
    };
  return {
    shown: `${page.label} · in this browser · bought ${at}`,
    spoken: `${spokenLabel}, this browser’s copy, bought at ${at}, 0 credits now`,
  };
}
