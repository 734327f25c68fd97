import { expect, test } from './support/test.ts';
import { alias, standin } from './support/standin.ts';
import { POST_COLUMNS } from '../src/contract/export/post-export.ts';
import { callsByCursor, loadedCount, scrollToEnd, scrollUntil, trackPageErrors } from './timeline-support.ts';
import { persisted, settled } from './support/settle.ts';

test('scrolling loads three more pages, each cursor bought once', async ({ page }) => {
  const handle = alias('ada', 'scroll');
  await page.goto(`/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  await scrollUntil(page, 80);
  await settled(page);
  const counts = await callsByCursor(handle);
  expect(Object.keys(counts).length).toBeGreaterThanOrEqual(4);
  expect(Object.values(counts).every((count) => count === 1)).toBe(true);
  // Newest first, and no post twice.
  const ids = await page
    .locator('article')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-post-id')!));
  expect(new Set(ids).size).toBe(ids.length);
});

test('Check for new posts follows prev_cursor: one call per click, says how many came, moves As of; no second button', async ({
  page,
}) => {
  await page.clock.install();
  const handle = alias('ada', 'newer');
  await page.goto(`/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  await expect(page.getByText('Show newer posts')).toHaveCount(0);
  const check = page.getByTestId('check-new-posts');
  await expect(check).toHaveAccessibleName('Check for new posts 0.1 credits');
  await page.clock.fastForward('02:00:00');
  const asOf = page.getByTestId('as-of');
  await expect(asOf).toHaveText(/^As of .+, 2 h ago$/);
  const asOfBefore = await asOf.locator('time').getAttribute('datetime');
  await settled(page);
  expect(await standin().log(handle)).toHaveLength(1);

  // The pinned post stays on top; the newer posts go in right below it.
  const firstBefore = await page.locator('article').nth(1).getAttribute('data-post-id');
  await check.click();
  const status = page.getByRole('status').filter({ has: page.getByTestId('new-posts-pill') });
  await expect(status).toHaveText('3 new posts');
  await expect(asOf).toHaveText(/^As of .+, just now$/);
  expect(await asOf.locator('time').getAttribute('datetime')).not.toBe(asOfBefore);
  await expect.poll(() => loadedCount(page)).toBe(23);
  const ids = await page
    .locator('article')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-post-id')));
  expect(ids.indexOf(firstBefore)).toBe(4);
  expect(BigInt(ids[1]!)).toBeGreaterThan(BigInt(firstBefore!));
  // That click was exactly one call, the page above the first by its prev_cursor.
  await settled(page);
  const calls = await standin().log(handle);
  expect(calls).toHaveLength(2);
  expect(calls[1]!.query.cursor).toEqual(expect.any(String));

  // The stand-in cannot tell whether more is newer until asked once more; that answer is empty.
  await check.click();
  await expect(page.getByTestId('new-posts-pill')).toHaveText('No new posts');
  await settled(page);
  expect(await loadedCount(page)).toBe(23);
  expect(await standin().log(handle)).toHaveLength(3);
  const counts = await callsByCursor(handle);
  expect(Object.values(counts)).toEqual([1, 1, 1]);
});

test('end of timeline: the repeated last cursor is requested exactly once', async ({ page }) => {
  const handle = alias('grace', 'endcursor');
  await page.goto(`/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  await expect
    .poll(
      async () => {
        await scrollToEnd(page);
        return page.getByTestId('end-of-timeline').isVisible();
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  expect(await loadedCount(page)).toBe(47);
  // Stay at the end a while: nothing more is bought.
  await scrollToEnd(page);
  await settled(page);
  await scrollToEnd(page);
  await page.getByRole('button', { name: /Load more/ }).waitFor({ state: 'detached' });
  const calls = await standin().log(handle);
  const byCursor = await callsByCursor(handle);
  // first page, two full pages, the last 7 posts, and the empty page that repeats its own cursor.
  expect(calls).toHaveLength(4);
  expect(Object.values(byCursor)).toEqual([1, 1, 1, 1]);
  const last = calls[calls.length - 1]!;
  expect(byCursor[last.query.cursor!]).toBe(1);
});

test('a page that fails shows an inline error with Retry and keeps the loaded posts', async ({ page }) => {
  test.setTimeout(60_000);
  const errors = trackPageErrors(page);
  const handle = alias('ada', 'retrypage');
  await page.goto(`/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  // The first try and both automatic retries fail; the Retry click gets through.
  await standin().fault({ match: handle, status: 503, body: 'json-error', times: 3 });
  await scrollToEnd(page);
  const footer = page.getByTestId('paging-footer');
  await expect(footer.getByTestId('error-panel')).toContainText('503 Service Unavailable', { timeout: 20_000 });
  expect(await loadedCount(page)).toBe(20);
  await expect(page.locator('article').first()).toBeVisible();
  // A failed page is not retried by the sentinel on its own.
  await settled(page);
  expect((await standin().log(handle)).length).toBe(4);
  await footer.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => loadedCount(page)).toBe(40);
  await expect(footer.getByTestId('error-panel')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a bought page shows when a part's code cannot be fetched (offline, or replaced by a deploy): the page is not lost", async ({
  page,
}) => {
  const errors = trackPageErrors(page);
  const handle = alias('ada', 'chunkgone');
  // The menu of the pages' calls, fetched when a second page is on screen: its file is gone.
  await page.route(/InspectPagesMenu/, (route) => route.abort('failed'));
  await page.goto(`/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  await scrollToEnd(page);
  await expect.poll(() => loadedCount(page)).toBe(40);
  await settled(page);
  expect(await standin().log(handle)).toHaveLength(2);
  // The latest page's call is offered alone; before, the route's error screen replaced everything.
  await expect(page.getByRole('button', { name: /Inspect the call/ })).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('auto-load can be switched off (remembered); Load more then shows the expected cost', async ({ page }) => {
  const handle = alias('ada', 'autooff');
  await page.goto(`/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  await page.getByTestId('autoload-toggle').uncheck();
  await page.reload();
  await expect(page.getByTestId('autoload-toggle')).not.toBeChecked();
  // The tools show as soon as the page is back; its cards are drawn in the render after.
  await expect(page.locator('article').first()).toBeVisible();
  await scrollToEnd(page);
  await settled(page);
  expect(await loadedCount(page)).toBe(20);
  const button = page.getByRole('button', { name: /Load more/ });
  await expect(button.getByTestId('cost-hint-timeline')).toHaveText('0.1 credits');
  await expect(page.getByTestId('paging-footer')).toContainText('Auto-loading is off.');
  await button.click();
  await expect.poll(() => loadedCount(page)).toBe(40);
  await page.getByTestId('autoload-toggle').check();
});

test('a reload shows the bought pages from the cache, marked 0 credits in all: 1 in this browser, with no new call', async ({
  page,
}) => {
  const handle = alias('grace', 'cachedbadge');
  await page.goto(`/timeline?screen_name=${handle}`);
  await expect(page.getByTestId('spend-line')).toContainText('0.1 credits in all: 1 bought now');
  await persisted(page, handle);
  await page.reload();
  await expect(page.getByTestId('spend-line')).toContainText('0 credits in all: 1 in this browser');
  expect(await standin().log(handle)).toHaveLength(1);
});

test('free tools filter loaded posts without buying, and export JSON and CSV', async ({ page }) => {
  const handle = alias('ada', 'tools');
  await page.goto(`/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  const tools = page.getByTestId('free-tools');
  await expect(tools).toContainText('free, 0 credits');
  await tools.getByLabel('Hide reposts').check();
  await expect(page.locator('article[data-variant="repost"]')).toHaveCount(0);
  await tools.getByLabel('Hide replies').check();
  await expect(page.locator('article[data-variant="reply"]')).toHaveCount(0);
  await tools.getByLabel('Media only').check();
  await expect(page.getByTestId('shown-count')).toHaveText(/Showing (\d+) of 20 loaded posts/);
  // The count follows the box at once; the list is a deferred render that follows it.
  const shown = Number(/Showing (\d+)/.exec((await page.getByTestId('shown-count').textContent()) ?? '')?.[1]);
  await expect(page.locator('article')).toHaveCount(shown);
  for (const variant of await page
    .locator('article')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-variant')))) {
    expect(variant).toMatch(/^(photos-\d|video)$/);
  }
  await tools.getByLabel('Media only').uncheck();
  await tools.getByLabel('Find in loaded posts').fill('multi-nothing-matches');
  await expect(page.getByTestId('state-no-match')).toBeVisible();
  await scrollToEnd(page);
  await settled(page);
  expect(await standin().log(handle)).toHaveLength(1);
  await tools.getByLabel('Find in loaded posts').fill('Three views');
  await expect(page.locator('article')).toHaveCount(2);

  const [json] = await Promise.all([
    page.waitForEvent('download'),
    tools.getByRole('button', { name: 'Export JSON' }).click(),
  ]);
  expect(json.suggestedFilename()).toMatch(/^ada-timeline-\d{4}-\d{2}-\d{2}\.json$/);
  const posts = JSON.parse(
    await (await json.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8')),
  );
  // What is filtered is what is exported: the two posts shown, in the one post shape (src/contract/export/post-export.ts).
  expect(posts).toHaveLength(2);
  expect(posts[0].url).toMatch(/^http:\/\/[^/]+\/timeline\/\w+\/post\/\d+$/);
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    tools.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const text = Buffer.concat(await (await csv.createReadStream()).toArray()).toString('utf8');
  // The columns every post export shares (src/contract/export/post-export.ts): timeline, search, job and find alike.
  expect(text.split('\r\n')[0]).toBe(POST_COLUMNS.join(','));
  expect(text.split('\r\n')[0]).toBe(Object.keys(posts[0]).join(','));
  expect(text.trimEnd().split('\r\n')).toHaveLength(3);
});
