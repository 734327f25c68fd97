import { expect, test } from './support/test.ts';
import { alias } from './support/standin.ts';
import { loadedCount, scrollToEnd } from './timeline-support.ts';

test('1,000 posts keep at most 60 articles mounted while scrolling down and back up', async ({ page }) => {
  test.setTimeout(180_000);
  // Fifty pages in one go: auto-load may buy them all before it asks (e2e/autoload-asks.spec.ts tests the asking).
  await page.addInitScript(() => window.localStorage.setItem('creditscope-timeline-autoload-paid-pages', '99'));
  await page.goto(`/timeline?screen_name=${alias('archive', 'thousand')}`);
  await expect(page.locator('article').first()).toBeVisible();
  let maxMounted = 0;
  let maxVirtual = 0;
  const sample = async () => {
    const mounted = await page.locator('article').count();
    maxMounted = Math.max(maxMounted, mounted);
    if ((await loadedCount(page)) > 60) maxVirtual = Math.max(maxVirtual, mounted);
  };
  while ((await loadedCount(page)) < 1000) {
    const before = await loadedCount(page);
    await scrollToEnd(page);
    await sample();
    await expect
      .poll(
        async () => {
          await scrollToEnd(page);
          return loadedCount(page);
        },
        { timeout: 10_000, intervals: [100, 200] },
      )
      .toBeGreaterThan(before);
    await sample();
  }
  // Back up through the whole list in screen-sized steps.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = height; y > 0; y -= 3000) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(30);
    await sample();
  }
  console.log(
    `max <article>s mounted with ${await loadedCount(page)} posts loaded: ${maxMounted} (${maxVirtual} once past 60 posts)`,
  );
  expect(maxMounted).toBeLessThanOrEqual(60);
  expect(maxMounted).toBeGreaterThan(5);
});

test('j and k move focus between posts', async ({ page }) => {
  await page.goto(`/timeline?screen_name=${alias('ada', 'jk')}`);
  await expect(page.locator('article').first()).toBeVisible();
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('j');
  const focusedIndex = () =>
    page.evaluate(() => document.activeElement?.closest('[data-index]')?.getAttribute('data-index'));
  await expect.poll(focusedIndex).toBe('0');
  await page.keyboard.press('j');
  await expect.poll(focusedIndex).toBe('1');
  await page.keyboard.press('j');
  await expect.poll(focusedIndex).toBe('2');
  await page.keyboard.press('k');
  await expect.poll(focusedIndex).toBe('1');
  // Typing in a field is not navigation.
  const find = page.getByLabel('Find in loaded posts');
  await find.fill('');
  await find.pressSequentially('jk');
  await expect(find).toBeFocused();
  await expect(find).toHaveValue('jk');
});

test('Back to a long timeline returns to the same post', async ({ page }) => {
  const handle = alias('ada', 'restore');
  await page.goto(`/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  await expect
    .poll(async () => {
      await scrollToEnd(page);
      return loadedCount(page);
    })
    .toBeGreaterThanOrEqual(60);
  await page.evaluate(() => window.scrollTo(0, 9000));
  await page.waitForTimeout(400);
  const topPost = () =>
    page.evaluate(() => {
      const articles = [...document.querySelectorAll('article')];
      return articles.find((article) => article.getBoundingClientRect().bottom > 80)?.getAttribute('data-post-id');
    });
  const before = await topPost();
  const scrollBefore = await page.evaluate(() => window.scrollY);
  await page
    .locator('article[data-variant="text"]')
    .filter({ has: page.locator(':scope:visible') })
    .first();
  const mention = page
    .locator('article')
    .filter({ hasText: 'Replying to' })
    .first()
    .getByRole('button', { name: '@grace' })
    .first();
  await mention.scrollIntoViewIfNeeded();
  const anchorBefore = await topPost();
  const scrollAtClick = await page.evaluate(() => window.scrollY);
  await mention.click();
  await page
    .getByRole('dialog', { name: '@grace' })
    .getByRole('link', { name: /^Open @grace’s timeline/ })
    .click();
  await expect(page.getByTestId('profile-header')).toContainText('Grace Hopper');
  await page.goBack();
  await expect(page.getByTestId('profile-header')).toContainText('Ada Lovelace');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrollAtClick - 50);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrollAtClick)).toBeLessThan(50);
  await expect.poll(topPost).toBe(anchorBefore);
  expect(before).toBeTruthy();
  expect(scrollBefore).toBeGreaterThan(1000);
});

test('cumulative layout shift while the first page and its images load stays under 0.1', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { __cls: number }).__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`/timeline?screen_name=${alias('ada', 'cls')}`);
  await expect(page.locator('article').first()).toBeVisible();
  for (let y = 0; y < 6000; y += 500) {
    await page.mouse.wheel(0, 500);
    await page.waitForTimeout(60);
  }
  await page.waitForTimeout(500);
  const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  console.log(`cumulative layout shift: ${cls.toFixed(4)}`);
  expect(cls).toBeLessThan(0.1);
});
