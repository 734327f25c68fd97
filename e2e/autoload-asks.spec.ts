import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { alias } from './support/standin.ts';
import { persisted, settled } from './support/settle.ts';
import { untilHydrated } from './support/rendering.ts';
import { callsByCursor, loadedCount } from './timeline-support.ts';

/**
 * Auto-load stops after the paid pages the person allowed and asks, at a price, before it buys more (#27).
 * What was bought is read from the stand-in's log: one call per page, each cursor once.
 */

const PAID = /\d{1,2}:\d{2}( [AP]M)?$/;

/** A person holding End: the key pressed again and again until `done`, never for more than 30 s. */
async function holdEnd(page: Page, done: () => Promise<boolean>) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect
    .poll(
      async () => {
        if (await done()) return true;
        await page.keyboard.press('End');
        return false;
      },
      { timeout: 30_000, intervals: [150, 250, 400] },
    )
    .toBe(true);
}

/**
 * End held a while longer once auto-load has stopped: nothing more may be bought (the stand-in's log says what
 * was). The last page bought may still be mounting after it (the dev server is slow to), so the loaded count
 * is polled for.
 */
async function keepHoldingEnd(page: Page) {
  for (let press = 0; press < 8; press++) {
    await page.keyboard.press('End');
    await page.waitForTimeout(200);
  }
  await settled(page);
}

/** The prompt in the sentinel's place once it says this many paid pages were loaded automatically. */
function askedAfter(prompt: Locator, paid: number) {
  return async () =>
    (await prompt.isVisible()) &&
    (await prompt.getByTestId('autoload-paid-count').textContent()) === `${paid} paid pages loaded automatically`;
}

/** Every page divider's text, top to bottom: the list mounts only the posts near the screen, so it is walked. */
async function dividerTexts(page: Page): Promise<string[]> {
  return (await dividers(page)).map((divider) => divider.text);
}

/**
 * Scrolls to `y` and waits for the list to draw the range there: while a scroll moves, the list renders its new range
 * as a transition, and the range where it stops once it has stopped (about 150 ms without a scroll event).
 */
async function scrollAndSettle(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.waitForTimeout(300);
  await page.waitForFunction(() => {
    const list = document.querySelector('[data-index]')?.parentElement;
    if (!list) return true;
    const middle = window.innerHeight / 2;
    const bounds = list.getBoundingClientRect();
    if (middle < bounds.top || middle > bounds.bottom) return true;
    return [...list.children].some((card) => {
      const { top, bottom } = card.getBoundingClientRect();
      return top <= middle && bottom >= middle;
    });
  });
}

/** Every page divider, top to bottom, with the label a screen reader reads for it. */
async function dividers(page: Page): Promise<{ text: string; label: string }[]> {
  const seen = new Map<number, { text: string; label: string }>();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y <= height; y += 1500) {
    await scrollAndSettle(page, y);
    const mounted = await page
      .getByRole('separator')
      .filter({ has: page.locator(':scope[data-testid="page-divider"]') })
      .evaluateAll((elements) =>
        elements.map((element) => ({
          text: element.textContent ?? '',
          label: element.getAttribute('aria-label') ?? '',
        })),
      );
    for (const divider of mounted) seen.set(Number(/^page (\d+)/.exec(divider.text)?.[1] ?? 0), divider);
  }
  return [...seen.entries()].sort(([a], [b]) => a - b).map(([, divider]) => divider);
}

async function expectEachCursorOnce(handle: string, pages: number) {
  const counts = await callsByCursor(handle);
  expect(Object.keys(counts)).toHaveLength(pages);
  expect(Object.values(counts).every((count) => count === 1)).toBe(true);
}

test('holding End buys the chosen number of paid pages, then asks at a price; Keep loading buys as many again; a reload renews nothing: End buys no more and it asks, and the held pages come free', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const handle = alias('ada', 'autoload asks');
  await page.goto(`/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  const field = page.getByRole('spinbutton', { name: 'Paid pages to load automatically before asking' });
  await expect(field).toHaveValue('3');
  await field.fill('2');
  const prompt = page.getByTestId('autoload-paused');

  // First page, then two paid pages by auto-load, and a priced question in the sentinel's place.
  await holdEnd(page, askedAfter(prompt, 2));
  await expect(page.getByTestId('keep-loading')).toHaveText('Keep loading · 0.1 credits a page');
  await keepHoldingEnd(page);
  await expect.poll(() => loadedCount(page)).toBe(60);
  await expectEachCursorOnce(handle, 3);
  expect(await dividerTexts(page)).toEqual([
    expect.stringMatching(/^page 2 · 0\.1 credits · /),
    expect.stringMatching(/^page 3 · 0\.1 credits · /),
  ]);
  expect((await dividerTexts(page)).every((text) => PAID.test(text))).toBe(true);

  // A Load more click is one page, asked for: it buys as before and the prompt stays.
  await page
    .getByTestId('paging-footer')
    .getByRole('button', { name: /Load more/ })
    .click();
  await expect.poll(() => loadedCount(page)).toBe(80);
  await keepHoldingEnd(page);
  await expectEachCursorOnce(handle, 4);
  await expect(prompt).toBeVisible();

  // Away and Back, the view mounts anew: its count goes on, and End held buys nothing more.
  await page.locator('header').getByRole('link', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search/);
  await page.goBack();
  await expect.poll(() => loadedCount(page)).toBe(80);
  await holdEnd(page, askedAfter(prompt, 2));
  await keepHoldingEnd(page);
  await expectEachCursorOnce(handle, 4);

  // Keep loading allows two more paid pages, and no more.
  await page.getByTestId('keep-loading').click();
  await holdEnd(page, askedAfter(prompt, 4));
  await keepHoldingEnd(page);
  await expect.poll(() => loadedCount(page)).toBe(120);
  await expectEachCursorOnce(handle, 6);

  // A reload is not a new choice to spend: the tab keeps the count, so End held buys nothing and it asks.
  // The six pages this browser holds are there free.
  const lastId = await page.locator('article').last().getAttribute('data-post-id');
  await persisted(page, lastId!);
  await page.reload();
  await untilHydrated(page);
  await expect.poll(() => loadedCount(page)).toBe(120);
  await expect(field).toHaveValue('2');
  await holdEnd(page, askedAfter(prompt, 4));
  await keepHoldingEnd(page);
  await expect.poll(() => loadedCount(page)).toBe(120);
  await expectEachCursorOnce(handle, 6);

  // Keep loading after the reload allows two more, and only newly paid pages count.
  await page.getByTestId('keep-loading').click();
  await holdEnd(page, askedAfter(prompt, 6));
  await keepHoldingEnd(page);
  await expect.poll(() => loadedCount(page)).toBe(160);
  await expectEachCursorOnce(handle, 8);
  const texts = await dividerTexts(page);
  expect(texts).toHaveLength(7);
  expect(texts.slice(0, 5)).toEqual(
    [2, 3, 4, 5, 6].map((number) => expect.stringMatching(new RegExp(`^page ${number} · in this browser · bought `))),
  );
  expect(texts.slice(5)).toEqual([
    expect.stringMatching(/^page 7 · 0\.1 credits · /),
    expect.stringMatching(/^page 8 · 0\.1 credits · /),
  ]);
});

test('pages the server’s archive holds load free in another browser and do not count; their dividers say so', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const handle = alias('ada', 'autoload archive');
  const twoPages = () => window.localStorage.setItem('creditscope-timeline-autoload-paid-pages', '2');
  await page.addInitScript(twoPages);
  await page.goto(`/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  const prompt = page.getByTestId('autoload-paused');
  await holdEnd(page, askedAfter(prompt, 2));
  await keepHoldingEnd(page);
  await expectEachCursorOnce(handle, 3);

  const baseURL = test.info().project.use.baseURL;
  const context = await page.context().browser()!.newContext({ baseURL });
  try {
    const other = await context.newPage();
    await other.addInitScript(twoPages);
    await other.goto(`/timeline?screen_name=${handle}`);
    await untilHydrated(other);
    // A new browser loads the dev server's modules one by one, uncached: slower than the first.
    await expect(other.locator('article').first()).toBeVisible({ timeout: 30_000 });
    const otherPrompt = other.getByTestId('autoload-paused');
    // Pages 2 and 3 come from the archive; pages 4 and 5 are bought; then it asks.
    await holdEnd(other, askedAfter(otherPrompt, 2));
    await keepHoldingEnd(other);
    await expect.poll(() => loadedCount(other)).toBe(100);
    await expectEachCursorOnce(handle, 5);
    expect(await dividerTexts(other)).toEqual([
      'page 2 · from archive · 0 credits',
      'page 3 · from archive · 0 credits',
      expect.stringMatching(/^page 4 · 0\.1 credits · /),
      expect.stringMatching(/^page 5 · 0\.1 credits · /),
    ]);
    expect((await dividers(other)).map((divider) => divider.label)).toEqual([
      'Page 2, served free from the server’s archive, 0 credits',
      'Page 3, served free from the server’s archive, 0 credits',
      expect.stringMatching(/^Page 4, bought for 0\.1 credits at /),
      expect.stringMatching(/^Page 5, bought for 0\.1 credits at /),
    ]);
  } finally {
    await context.close();
  }
});
