import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { alias, standin } from './support/standin.ts';

/** Every request the page makes to the paid API, from now on. */
function paidRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/v1/')) seen.push(`${request.method()} ${request.url()}`);
  });
  return seen;
}

function uniqueQuery(tag: string): string {
  return `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

async function searchCalls(q: string): Promise<number> {
  return (await standin().log(q)).filter((entry) => entry.path === '/v1/search').length;
}

const home = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'creditscope' });

test('opening / buys nothing: no redirect, no request to /api/v1, an empty start page that says what it does', async ({
  page,
}) => {
  const handle = alias('ada', 'start');
  const paid = paidRequests(page);
  await page.goto('/');
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What do you want to look at?');
  await expect(page.getByTestId('bought-empty')).toContainText('Nothing bought yet');
  await expect(page.getByTestId('start-mode')).toContainText('Demo mode');
  await expect(page.getByTestId('start-prices')).toContainText('Timeline page');
  await expect(page.getByTestId('start-prices')).toContainText('Web search');

  // Typing is free; the button says what pressing it would cost.
  await page.getByLabel('Handle, @handle, numeric id or profile URL').fill(`@${handle}`);
  const open = page.getByTestId('start-open-timeline');
  await expect(open).toContainText('Open timeline');
  await expect(open.getByTestId('cost-hint-timeline')).not.toHaveAttribute('data-price', 'this-browser');
  await page.getByLabel('Search query').fill('anything at all');
  await expect(page.getByTestId('start-search').getByTestId('cost-hint-search')).toBeVisible();

  // The app's name leads here from any page, and still buys nothing.
  await page.goto('/credits');
  await home(page).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What do you want to look at?');
  expect(new URL(page.url()).pathname).toBe('/');

  await page.waitForLoadState('networkidle');
  expect(paid).toEqual([]);
  expect(await standin().log(handle)).toEqual([]);
});

test('what was bought is listed on the start page, and opening it from there costs nothing', async ({ page }) => {
  const handle = alias('ada', 'start');
  const q = uniqueQuery('start');
  await page.goto('/');
  await page.getByLabel('Handle, @handle, numeric id or profile URL').fill(handle);
  await page.getByTestId('start-open-timeline').click();
  await expect(page).toHaveURL(new RegExp(`/timeline\\?screen_name=${handle}$`));
  await expect(page.locator('article').first()).toBeVisible();
  await expect.poll(async () => (await standin().log(handle)).length).toBe(1);

  await home(page).click();
  await page.getByLabel('Search query').fill(q);
  await page.getByTestId('start-search').click();
  await expect(page.getByTestId('search-result').first()).toBeVisible();
  await expect.poll(() => searchCalls(q)).toBe(1);

  await home(page).click();
  const timeline = page.getByTestId('bought-timeline').filter({ hasText: `@${handle}` });
  await expect(timeline).toContainText('Ada Lovelace');
  await expect(timeline).toContainText('1 page · 20 posts · last bought just now');
  await expect(timeline.getByTestId('cost-hint-timeline')).toHaveText('0 credits · in this browser');
  const search = page.getByTestId('bought-search').filter({ hasText: q });
  await expect(search).toContainText('10 results');
  await expect(search.getByTestId('cost-hint-search')).toHaveText('0 credits · in this browser');
  await expect(page.getByTestId('bought-empty')).toHaveCount(0);
  // The boxes know it too.
  await page.getByLabel('Handle, @handle, numeric id or profile URL').fill(`@${handle}`);
  await expect(page.getByTestId('start-open-timeline')).toContainText('0 credits · in this browser');
  await page.getByLabel('Search query').fill(q);
  await expect(page.getByTestId('start-search')).toContainText('0 credits · in this browser');

  const paid = paidRequests(page);
  await timeline.click();
  await expect(page.getByTestId('profile-header')).toContainText('Ada Lovelace');
  await expect(page.getByTestId('spend-line')).toContainText('20 posts from 1 page');
  await home(page).click();
  await page.getByTestId('bought-search').filter({ hasText: q }).click();
  await expect(page.getByTestId('search-result')).toHaveCount(10);
  await expect(page.getByTestId('cached-badge')).toHaveText('in this browser · 0 credits');

  await page.waitForLoadState('networkidle');
  expect(paid).toEqual([]);
  expect((await standin().log(handle)).length).toBe(1);
  expect(await searchCalls(q)).toBe(1);
});

test('at 375 px the start page fits the screen, with nothing to scroll sideways, long handles included', async ({
  page,
}) => {
  const handle = alias('ada', 'start phone with a long handle');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  await home(page).click();
  await expect(page.getByTestId('bought-timeline').filter({ hasText: handle })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
