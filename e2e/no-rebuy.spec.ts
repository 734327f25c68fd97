import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { persisted, settled } from './support/settle.ts';
import { alias, standin } from './support/standin.ts';

async function loadPages(page: Page, handle: string, pages: number) {
  await expect
    .poll(
      async () => {
        await page.mouse.wheel(0, 3000);
        return (await standin().log(handle)).length;
      },
      { timeout: 30_000, intervals: [200, 300, 500] },
    )
    .toBeGreaterThanOrEqual(pages);
  await settled(page);
  expect(await standin().log(handle)).toHaveLength(pages);
}

/**
 * A real loss and return of focus: another tab comes to the front and this one comes back, so the
 * document's visibility and focus really change (the query library listens for `visibilitychange`).
 */
async function refocus(page: Page) {
  const other = await page.context().newPage();
  await other.bringToFront();
  await page.bringToFront();
  await other.close();
  await page.evaluate(() => {
    window.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
  });
}

/** The badge of a page shown free: this browser's copy, or the server's archive. */
const FREE_BADGE = /^(cached|archive)-badge$/;

test('after browsing, a reload, back/forward and a refocus buy nothing again', async ({ page }) => {
  test.setTimeout(60_000);
  const handle = alias('ada', 'norebuy');
  const q = `no rebuy ${Date.now().toString(36)}`;
  await page.goto(`/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  await loadPages(page, handle, 3);
  await page.goto(`/search?q=${encodeURIComponent(q)}`);
  await expect(page.getByTestId('paid-badge')).toBeVisible();
  await persisted(page, q);

  // A reload is rendered by the server from its archive (free), or by this browser from its own copy: never bought.
  await page.reload();
  await expect(page.getByTestId(FREE_BADGE).first()).toBeVisible();
  await page.goBack();
  await expect(page.locator('article').first()).toBeVisible();
  await refocus(page);
  await page.reload();
  await expect(page.locator('article').first()).toBeVisible();
  await page.goForward();
  await expect(page.getByTestId(FREE_BADGE).first()).toBeVisible();
  await settled(page);

  expect(await standin().log(handle)).toHaveLength(3);
  expect(await standin().log(q)).toHaveLength(1);
});

test('a second tab shows the same meter total as the first, as soon as the first buys', async ({ context, page }) => {
  await page.goto(`/timeline?screen_name=${alias('grace', 'twotabs')}`);
  await expect(page.locator('article').first()).toBeVisible();
  const second = await context.newPage();
  await second.goto('/credits');
  const total = async (tab: Page) => (await tab.getByTestId('meter-total').textContent())?.trim() ?? '';
  test.setTimeout(90_000);
  // Other workers buy on the same server all the while, and their purchases reach these tabs only when
  // the ledger is read again: both tabs re-read it (a focus change does that) and are compared once quiet.
  const agree = async () => {
    await Promise.all(
      [page, second].map((tab) => tab.evaluate(() => window.dispatchEvent(new Event('visibilitychange')))),
    );
    await Promise.all([settled(page), settled(second)]);
    return (await total(second)) === (await total(page));
  };
  await expect.poll(agree, { timeout: 30_000 }).toBe(true);
  const before = await total(second);

  await page.goto(`/timeline?screen_name=${alias('grace', 'twotabsmore')}`);
  await expect(page.locator('article').first()).toBeVisible();
  // Well inside the 15 s poll: the other tab hears of the purchase over BroadcastChannel.
  await expect.poll(async () => total(second), { timeout: 5_000 }).not.toBe(before);
  await expect.poll(agree, { timeout: 30_000 }).toBe(true);
});
