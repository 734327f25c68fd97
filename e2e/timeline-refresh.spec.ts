import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { alias, standin } from './support/standin.ts';
import { settled } from './support/settle.ts';
import { openTimelineInApp } from './support/rendering.ts';
import { callsByCursor, loadedCount, scrollUntil } from './timeline-support.ts';
import { HEADER } from '../src/contract/headers.ts';

/**
 * An upstream whose pages give no `prev_cursor`, so Check for new posts re-buys the first page (with one,
 * it asks for the page above: timeline-paging.spec.ts). The stand-in's first page never changes, so "new
 * posts" are put on top of the re-bought answer on its way back (the request still goes through the proxy
 * to the stand-in, and is paid there), on the first answered check only. The timeline is opened from inside the app, so
 * the browser asks for its first page itself and this route rewrites that answer too.
 */
async function publishOnRecheck(page: Page, count: number): Promise<string[]> {
  const refreshHeaders: string[] = [];
  await page.route('**/api/v1/social/microblog/posts?**', async (route) => {
    const refresh = route.request().headers()[HEADER.refresh];
    const response = await route.fetch();
    if (!response.ok()) return route.fulfill({ response });
    const json = await response.json();
    delete json.data.prev_cursor;
    if (!refresh) return route.fulfill({ response, json });
    refreshHeaders.push(refresh);
    if (refreshHeaders.length === 1) {
      const template = json.data.timeline.find(
        (post: { reposted_post?: unknown; quoted?: unknown }) => !post.reposted_post && !post.quoted,
      );
      const fresh = Array.from({ length: count }, (_, index) => ({
        ...template,
        post_id: `19000000000000000${index}`,
        text: `Brand new post ${count - index}`,
        media: [],
        entities: {},
      }));
      json.data.timeline = [...fresh, ...json.data.timeline].slice(0, 20);
    }
    await route.fulfill({ response, json });
  });
  return refreshHeaders;
}

const ids = (page: Page) =>
  page.locator('article').evaluateAll((elements) => elements.map((element) => element.getAttribute('data-post-id')!));

test('Check for new posts says how old the posts are, re-buys the first page once per click and puts new posts on top of everything loaded', async ({
  page,
}) => {
  await page.clock.install();
  const handle = alias('ada', 'checknew');
  const refreshHeaders = await publishOnRecheck(page, 2);
  await openTimelineInApp(page, handle);
  await expect(page.locator('article').first()).toBeVisible();
  const check = page.getByTestId('check-new-posts');
  await expect(check).toHaveAccessibleName('Check for new posts 0.1 credits');
  await expect(page.getByTestId('as-of')).toHaveText(/^As of .+, just now$/);

  // A day later the posts say their age, and asking what is new is still one click away.
  await page.clock.fastForward('25:00:00');
  await expect(page.getByTestId('as-of')).toHaveText(/^As of .+, 25 h ago$/);

  await scrollUntil(page, 40);
  await page.evaluate(() => window.scrollTo(0, 0));
  await settled(page);
  const before = await ids(page);
  expect(before).toHaveLength(40);
  expect(Object.values(await callsByCursor(handle))).toEqual([1, 1]);

  await check.click();
  await expect(page.getByTestId('check-result')).toHaveText('2 new posts');
  await expect(page.getByTestId('as-of')).toHaveText(/^As of .+, just now$/);
  expect(refreshHeaders).toEqual(['1']);
  // Everything loaded stays; the new posts come right after the pinned post, newest first.
  await expect.poll(() => loadedCount(page)).toBe(42);
  const after = await ids(page);
  expect(after.slice(0, 3)).toEqual([before[0], '190000000000000000', '190000000000000001']);
  expect(after.slice(3)).toEqual(before.slice(1));
  await expect(page.locator('article').nth(1)).toContainText('Brand new post 2');

  // Each click is one purchase of the first page, sent with the re-buy header; nothing else is bought.
  await check.click();
  await expect(page.getByTestId('check-result')).toHaveText('No new posts');
  await settled(page);
  expect(refreshHeaders).toEqual(['1', '1']);
  const counts = await callsByCursor(handle);
  expect(counts.first).toBe(3);
  expect(Object.values(counts).reduce((sum, count) => sum + count, 0)).toBe(4);
  await expect(page.getByTestId('spend-line')).toContainText('from 4 pages');
});

test("what changes above the list keeps the post being read where it is on screen: a check's error, new posts merged", async ({
  page,
}) => {
  const handle = alias('ada', 'checkkeep');
  await publishOnRecheck(page, 3);
  await openTimelineInApp(page, handle);
  await expect(page.locator('article').first()).toBeVisible();
  // Chromium's own scroll anchoring often covers a change above the list, but not in a frame where a transform
  // changes too (a card measured, say): switched off, the app's own holding is what is tested, every time.
  await page.evaluate(() => {
    document.documentElement.style.overflowAnchor = 'none';
    document.body.style.overflowAnchor = 'none';
  });
  await scrollUntil(page, 40);
  // Read somewhere in the middle of the second page.
  const reading = page.locator('article').nth(25);
  await reading.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 200));
  await settled(page);
  const id = await reading.getAttribute('data-post-id');
  const readingTop = () =>
    page
      .locator(`article[data-post-id="${id}"]`)
      .evaluate((element) => Math.round(element.getBoundingClientRect().top));
  const topBefore = await readingTop();
  // What is loaded now: auto-load may have bought a page more while the list settled.
  const loadedBefore = await loadedCount(page);
  // The button is out of view; a keyboard user can reach it without scrolling the list.
  const check = () => page.getByTestId('check-new-posts').evaluate((button: HTMLButtonElement) => button.click());

  // The upstream refuses the check (a 400, which the proxy does not retry): its error appears above the list, the
  // posts stay as they were.
  await standin().fault({ match: handle, status: 400, body: 'json-error', times: 1 });
  await check();
  await expect(page.getByTestId('check-new').getByRole('alert')).toBeVisible();
  await expect.poll(readingTop).toBe(topBefore);

  await check();
  await expect(page.getByTestId('check-result')).toHaveText('3 new posts');
  await expect.poll(() => loadedCount(page)).toBe(loadedBefore + 3);
  await expect.poll(readingTop).toBe(topBefore);
});
