import { expect, type Page } from '@playwright/test';
import { standin } from './support/standin.ts';

/** Posts in the timeline so far (all loaded ones, mounted or not). */
export async function loadedCount(page: Page): Promise<number> {
  return Number(await page.getByTestId('post-list').getAttribute('data-count'));
}

export async function scrollToEnd(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

/**
 * Scrolls to the end until at least `count` posts are loaded (auto-load must be on). Once they are, it stops
 * scrolling: the end of the list kept in view is a person asking for one page more, which auto-load buys.
 */
export async function scrollUntil(page: Page, count: number, timeout = 30_000) {
  await expect
    .poll(
      async () => {
        const loaded = await loadedCount(page);
        if (loaded < count) await scrollToEnd(page);
        return loaded;
      },
      { timeout, intervals: [150, 250, 400] },
    )
    .toBeGreaterThanOrEqual(count);
}

/** How many upstream calls each cursor got for this alias (`first` for the first page). */
export async function callsByCursor(handle: string): Promise<Record<string, number>> {
  const calls = await standin().log(handle);
  const counts: Record<string, number> = {};
  for (const call of calls) {
    const cursor = call.query.cursor ?? 'first';
    counts[cursor] = (counts[cursor] ?? 0) + 1;
  }
  return counts;
}

export function trackPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
