import { expect, test, type Page } from '@playwright/test';
import { alias, standin } from './support/standin.ts';

async function loadPages(page: Page, handle: string, pages: number) {
  for (let i = 0; i < 80 && (await standin().log(handle)).length < pages; i++) {
    const loadMore = page.getByRole('button', { name: /load more/i });
    if (await loadMore.isVisible().catch(() => false)) await loadMore.click().catch(() => {});
    else await page.mouse.wheel(0, 3000);
    await page.waitForTimeout(200);
  }
  expect(await standin().log(handle)).toHaveLength(pages);
}

test('after browsing, a reload, back/forward and a refocus buy nothing again', async ({ page }) => {
  test.setTimeout(60_000);
  const handle = alias('ada', 'norebuy');
  const q = `no rebuy ${Date.now().toString(36)}`;
  await page.goto(`/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  await loadPages(page, handle, 3);
  await page.goto(`/search?q=${encodeURIComponent(q)}`);
  await expect(page.getByTestId('paid-badge')).toBeVisible();
  // The persisted cache is written at most every 500 ms.
  await page.waitForTimeout(1200);

  await page.reload();
  await expect(page.getByTestId('cached-badge').first()).toBeVisible();
  await page.goBack();
  await expect(page.locator('article').first()).toBeVisible();
  await page.evaluate(() => { window.dispatchEvent(new Event('blur')); window.dispatchEvent(new Event('focus')); document.dispatchEvent(new Event('visibilitychange')); });
  await page.reload();
  await expect(page.locator('article').first()).toBeVisible();
  await page.goForward();
  await expect(page.getByTestId('cached-badge').first()).toBeVisible();
  await page.waitForTimeout(800);

  expect(await standin().log(handle)).toHaveLength(3);
  expect(await standin().log(q)).toHaveLength(1);
});

test('a second tab shows the same meter total as the first, as soon as the first buys', async ({ context, page }) => {
  await page.goto(`/timeline?screen_name=${alias('grace', 'twotabs')}`);
  await expect(page.locator('article').first()).toBeVisible();
  const second = await context.newPage();
  await second.goto('/credits');
  const total = async (tab: Page) => (await tab.getByTestId('meter-total').textContent())?.trim() ?? '';
  test.setTimeout(60_000);
  // Other workers buy on the same server meanwhile: the tabs agree once both have re-read the ledger.
  await expect.poll(async () => (await total(second)) === (await total(page)), { timeout: 20_000 }).toBe(true);
  const before = await total(second);

  await page.goto(`/timeline?screen_name=${alias('grace', 'twotabsmore')}`);
  await expect(page.locator('article').first()).toBeVisible();
  // Well inside the 15 s poll: the other tab hears of the purchase over BroadcastChannel.
  await expect.poll(async () => total(second), { timeout: 5_000 }).not.toBe(before);
  await expect.poll(async () => (await total(second)) === (await total(page)), { timeout: 20_000 }).toBe(true);
});
