import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { settled } from './support/settle.ts';
import { alias, standin } from './support/standin.ts';
import { callsByCursor } from './timeline-support.ts';
import { hydrated, serverAnswered } from './support/rendering.ts';
import { HEADER } from '../src/contract/headers.ts';

/**
 * The server keeps every bought page and serves it again free, to any browser; only an explicit,
 * priced re-buy (Check for new posts, Refresh) asks it to buy again. Spend is proven with the stand-in's log.
 */
const HEADERS = { [HEADER.client]: '1' };

/** Every paid request this page sends from now on, with whether it asked the server to buy afresh. */
function watchPaid(page: Page): { url: string; refresh: boolean }[] {
  const seen: { url: string; refresh: boolean }[] = [];
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/v1/')) return;
    seen.push({ url: request.url(), refresh: request.headers()[HEADER.refresh] === '1' });
  });
  return seen;
}

/** Another browser profile: nothing in its cache or storage, the same app. */
async function otherBrowser(page: Page) {
  const baseURL = test.info().project.use.baseURL;
  const context = await page.context().browser()!.newContext({ baseURL });
  return { context, page: await context.newPage() };
}

test('a page bought in one browser opens free in another, which says it came from the archive', async ({ page }) => {
  const handle = alias('ada', 'archive two profiles');
  await page.goto(`/timeline?screen_name=${handle}`);
  await expect(page.getByTestId('spend-line')).toContainText('0.1 credits in all: 1 bought now');
  await expect.poll(async () => (await standin().log(handle)).length).toBe(1);

  const other = await otherBrowser(page);
  try {
    const paid = watchPaid(other.page);
    await other.page.goto(`/timeline?screen_name=${handle}`);
    await expect(other.page.locator('article').first()).toBeVisible();
    const line = other.page.getByTestId('spend-line');
    await expect(line).toContainText('0 credits in all: 1 from archive');
    await expect(line.getByTestId('paid-badge')).toHaveCount(0);
    await settled(other.page);
    // Rendered by the server from the archive, the page needs no request of the browser's; the SPA asks once, never to buy afresh.
    expect(paid.map((request) => request.refresh)).toEqual((await serverAnswered(other.page)) ? [] : [false]);
    expect(await standin().log(handle)).toHaveLength(1);
  } finally {
    await other.context.close();
  }
});

test('the History page lists what was bought, and opening its entries in another browser spends nothing', async ({
  page,
}) => {
  const handle = alias('grace', 'history');
  const q = `history ${handle.split('__')[1]}`;
  expect(
    (await page.request.get(`/api/v1/social/microblog/posts?screen_name=${handle}`, { headers: HEADERS })).ok(),
  ).toBe(true);
  expect(
    (await page.request.post('/api/v1/search', { headers: HEADERS, data: { q, page: 2, site: 'example.org' } })).ok(),
  ).toBe(true);
  await expect.poll(async () => (await standin().log(handle.split('__')[1]!)).length).toBe(2);

  const other = await otherBrowser(page);
  try {
    const paid = watchPaid(other.page);
    const tab = other.page;
    await tab.goto('/history');
    await expect(tab.getByTestId('history-free')).toHaveText('Everything here is free: it was bought before.');
    // Newest first: both are among the latest subjects (the overview lists up to 200).
    const users = tab.getByRole('region', { name: 'Users' });
    const more = users.getByRole('button', { name: /^Show all/ });
    if (await more.isVisible()) await more.click();
    await expect(users.getByTestId('history-subject').filter({ hasText: `@${handle}` })).toContainText('1 page');

    // Narrowed to the search, from the overview's subject list.
    await tab.goto(`/history?operation=search&subject=${encodeURIComponent(q)}`);
    const entry = tab.getByTestId('history-entry');
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(`“${q}”`);
    await expect(entry).toContainText('page 2 · site:example.org · bought');
    await expect(entry).toContainText('paid 0.2 credits then');
    await entry.getByRole('link', { name: /^Open/ }).click();
    await expect(tab).toHaveURL(/\/search\?/);
    expect(new URL(tab.url()).searchParams.get('site')).toBe('example.org');
    await expect(tab.getByTestId('search-results')).toContainText('result 11');
    await expect(tab.getByTestId('archive-badge')).toBeVisible();

    await tab.goto(`/history?operation=timeline&subject=${handle}`);
    await expect(tab.getByTestId('history-entry')).toContainText(`@${handle}`);
    await expect(tab.getByTestId('history-entry')).toContainText(/first page · posts .+ · bought/);
    await tab
      .getByTestId('history-entry')
      .getByRole('link', { name: `Open @${handle}` })
      .click();
    await expect(tab.getByTestId('profile-header')).toContainText('Grace Hopper');
    await expect(tab.getByTestId('spend-line').getByTestId('archive-badge')).toBeVisible();

    await settled(tab);
    expect(paid.map((request) => request.refresh)).toEqual([false, false]);
    expect(await standin().log(handle.split('__')[1]!)).toHaveLength(2);
  } finally {
    await other.context.close();
  }
});

test('Check for new posts and Refresh buy again even where the archive has the page; Load more takes the archive', async ({
  page,
}) => {
  const handle = alias('ada', 'archive rebuy');
  await page.goto(`/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  await page.getByTestId('check-new-posts').click();
  await expect
    .poll(async () => Object.values(await callsByCursor(handle)).reduce((sum, count) => sum + count, 0))
    .toBe(2);

  const other = await otherBrowser(page);
  try {
    const tab = other.page;
    const paid = watchPaid(tab);
    await tab.goto(`/timeline?screen_name=${handle}`);
    await expect(tab.getByTestId('spend-line').getByTestId('archive-badge')).toBeVisible();
    // The price on the button is what the re-buy costs, archive or not.
    await expect(tab.getByTestId('check-new-posts').getByTestId('cost-hint-timeline')).toContainText('0.1 credits');
    await hydrated(tab);
    const before = paid.length;
    await tab.getByTestId('check-new-posts').click();
    await expect.poll(() => paid.length).toBe(before + 1);
    await settled(tab);
    expect(paid.at(-1)!.refresh).toBe(true);
    const counts = await callsByCursor(handle);
    // The first page once (served to the second browser from the archive), the newer page twice.
    expect(counts.first).toBe(1);
    expect(
      Object.entries(counts)
        .filter(([cursor]) => cursor !== 'first')
        .map(([, count]) => count),
    ).toEqual([2]);

    // Load more (or the sentinel beside it) never asks for a re-buy.
    await tab
      .getByTestId('paging-footer')
      .getByRole('button', { name: /Load more/ })
      .click();
    await expect.poll(() => paid.length).toBeGreaterThanOrEqual(before + 2);
    await settled(tab);
    expect(paid.map((request) => request.refresh).filter(Boolean)).toHaveLength(1);

    const q = `refresh ${handle.split('__')[1]}`;
    await tab.goto(`/search?q=${encodeURIComponent(q)}`);
    await expect(tab.getByTestId('paid-badge')).toBeVisible();
    await hydrated(tab);
    await tab.getByTestId('search-refresh').click();
    await expect.poll(async () => (await standin().log(q)).length).toBe(2);
    await expect(tab.getByTestId('paid-badge')).toBeVisible();
    // The first answer came with the document when the server rendered the search, else from the browser's own request.
    const searches = paid.filter((request) => request.url.endsWith('/api/v1/search')).map((request) => request.refresh);
    expect(searches.at(-1)).toBe(true);
    expect(searches.slice(0, -1)).toEqual(searches.length === 2 ? [false] : []);
    expect(paid.map((request) => request.refresh).filter(Boolean)).toHaveLength(2);
  } finally {
    await other.context.close();
  }
});
