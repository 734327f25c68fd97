import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import type { LoggedRequest } from '../server/standin/server.ts';
import { alias, standin } from './support/standin.ts';
import { scrollToEnd } from './timeline-support.ts';
import { nextFrames, settled } from './support/settle.ts';

/** One line per distinct page the upstream was asked for, with how many times. */
function pagesBought(calls: LoggedRequest[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const call of calls) {
    const body = (call.body ?? {}) as Record<string, unknown>;
    const page = call.path.endsWith('/search')
      ? `search q=${String(body.q)} page=${String(body.page ?? 1)} num=${String(body.num ?? 10)}`
      : `timeline ${call.query.screen_name ?? call.query.rest_id} cursor=${call.query.cursor ?? 'first'}`;
    counts.set(page, (counts.get(page) ?? 0) + 1);
  }
  return counts;
}

async function timelineCalls(handle: string) {
  return (await standin().log(handle)).filter((call) => call.path.endsWith('/posts'));
}

/** Scrolls until the upstream has answered `pages` timeline pages for this alias. */
async function scrollUntilBought(page: Page, handle: string, pages: number) {
  await expect
    .poll(
      async () => {
        await scrollToEnd(page);
        return (await timelineCalls(handle)).length;
      },
      { timeout: 30_000, intervals: [200, 300, 500] },
    )
    .toBeGreaterThanOrEqual(pages);
}

/** Every request the app made to the paid API from now on, as seen by the browser. */
function watchPaidRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/v1/')) seen.push(request.url());
  });
  return seen;
}

test('a scripted session buys each distinct page exactly once and nothing else', async ({ page, context }) => {
  test.setTimeout(120_000);
  const handle = alias('ada', 'audit');
  const tag = handle.split('__')[1]!;
  const q1 = `audit one ${tag}`;
  const q2 = `audit two ${tag}`;

  // First page, then three more by scrolling, then the newer posts above the first page.
  await page.goto(`/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  await scrollUntilBought(page, handle, 4);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByTestId('check-new-posts').click();
  await expect.poll(async () => (await timelineCalls(handle)).length).toBe(5);

  // The lightbox opens and stays open (StrictMode must not close it), and buys nothing.
  await page.getByTestId('photo-tile').first().click();
  await expect(page.getByTestId('lightbox')).toBeVisible();
  await nextFrames(page);
  await expect(page.getByTestId('lightbox')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('lightbox')).toBeHidden();

  // Two searches, each with a second page; the first one again with its defaults typed out.
  await page.goto(`/search?q=${encodeURIComponent(q1)}`);
  await expect(page.getByTestId('search-results')).toBeVisible();
  await page.goto(`/search?q=${encodeURIComponent(q1)}&page=2`);
  await expect(page.getByTestId('search-results')).toContainText('result 11');
  await page.goto(`/search?q=${encodeURIComponent(q2)}`);
  await expect(page.getByTestId('search-results')).toBeVisible();
  await page.goto(`/search?q=${encodeURIComponent(q2)}&page=2`);
  await expect(page.getByTestId('search-results')).toContainText('result 11');
  await expect
    .poll(async () => (await standin().log(tag)).filter((call) => call.path.endsWith('/search')).length)
    .toBe(4);

  // From here on nothing may be bought: typed-out defaults, another spelling, away and back, reload, a second tab.
  const paidAfter = watchPaidRequests(page);
  await page.goto(`/search?q=${encodeURIComponent(q1)}&page=1&num=10`);
  // Free either way (nothing bought: checked below from the browser's requests and the stand-in's log): this
  // browser's copy, or the server's archive copy of the same purchase, rendered before the browser's is restored.
  await expect(page.getByTestId(/^(cached|archive)-badge$/)).toBeVisible();
  await page.goto(`/timeline?screen_name=${handle.toUpperCase()}`);
  await expect(page.locator('article').first()).toBeVisible();
  await page.goto('/credits');
  await page.goBack();
  await expect(page.locator('article').first()).toBeVisible();
  await page.reload();
  await expect(page.locator('article').first()).toBeVisible();
  const second = await context.newPage();
  const paidInSecond = watchPaidRequests(second);
  await second.goto(`/timeline?screen_name=${handle}`);
  await expect(second.locator('article').first()).toBeVisible();
  await second.goto(`/search?q=${encodeURIComponent(q2)}&page=2`);
  // Free either way: this browser's copy, or the server's archive copy it rendered.
  await expect(second.getByTestId(/^(cached|archive)-badge$/)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await second.waitForLoadState('networkidle');
  expect(paidAfter).toEqual([]);
  expect(paidInSecond).toEqual([]);

  // A hashtag filters the loaded posts for free; a mention opens a priced menu and only its link buys, once.
  // Back to the first tab, as the user would: Chromium stops rendering a tab behind another, and a click needs frames.
  await page.bringToFront();
  await page.getByTestId('hashtag').first().click();
  await expect(page.getByRole('searchbox', { name: 'Find in loaded posts' })).toHaveValue(/^#\w+$/);
  await page.getByRole('searchbox', { name: 'Find in loaded posts' }).fill('');
  // The address follows the box a moment later; Back must find the cleared one.
  await expect(page).not.toHaveURL(/find=/);
  await settled(page);
  expect(paidAfter).toEqual([]);
  const mention = page
    .locator('article[data-variant="text"]')
    .getByRole('button', { name: '@grace', exact: true })
    .first();
  await mention.click();
  await page
    .getByRole('dialog', { name: '@grace' })
    .getByRole('link', { name: /^Open @grace’s timeline/ })
    .click();
  await expect(page.getByTestId('profile-header')).toContainText('Grace Hopper');
  await settled(page);
  expect(paidAfter).toHaveLength(1);
  expect(paidAfter[0]).toContain('screen_name=grace');
  await page.goBack();
  await expect(page.locator('article').first()).toBeVisible();
  await settled(page);
  expect(paidAfter).toHaveLength(1);

  const timeline = pagesBought(await timelineCalls(handle));
  expect(timeline.size).toBe(5);
  expect([...timeline.values()].every((count) => count === 1)).toBe(true);
  const searches = pagesBought((await standin().log(tag)).filter((call) => call.path.endsWith('/search')));
  expect([...searches.entries()].sort()).toEqual([
    [`search q=${q1} page=1 num=10`, 1],
    [`search q=${q1} page=2 num=10`, 1],
    [`search q=${q2} page=1 num=10`, 1],
    [`search q=${q2} page=2 num=10`, 1],
  ]);
});
