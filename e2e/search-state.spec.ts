import { expect, test } from './support/test.ts';
import AxeBuilder from '@axe-core/playwright';
import { standin } from './support/standin.ts';
import { persisted } from './support/settle.ts';

function uniqueQuery(tag: string): string {
  return `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

async function callsFor(q: string): Promise<number> {
  return (await standin().log(q)).filter((entry) => entry.path === '/v1/search').length;
}

test('back and forward reproduce each search, from the cache', async ({ page }) => {
  const first = uniqueQuery('backa');
  const second = uniqueQuery('backb');
  await page.goto(`/search?q=${first}`);
  const box = page.getByRole('searchbox', { name: 'Search query' });
  await expect(page.getByTestId('search-result').first()).toContainText(`${first} — result 1`);
  await box.fill(second);
  await box.press('Enter');
  await expect(page.getByTestId('search-result').first()).toContainText(`${second} — result 1`);

  await page.goBack();
  await expect(box).toHaveValue(first);
  await expect(page.getByTestId('search-result').first()).toContainText(`${first} — result 1`);
  await expect(page.getByTestId('cached-badge')).toBeVisible();
  await page.goForward();
  await expect(box).toHaveValue(second);
  await expect(page.getByTestId('search-result').first()).toContainText(`${second} — result 1`);
  expect([await callsFor(first), await callsFor(second)]).toEqual([1, 1]);
});

test('a shared link opened in a fresh browser shows the same search, served free from the archive', async ({
  page,
  browser,
}) => {
  const q = uniqueQuery('shared');
  await page.goto('/search');
  await page.getByLabel('Results wanted', { exact: true }).fill('3');
  await page.getByLabel('Language', { exact: true }).fill('es');
  await page.getByRole('searchbox', { name: 'Search query' }).fill(q);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('search-result')).toHaveCount(3);
  const titles = await page.getByTestId('search-result').allTextContents();
  const shared = page.url();

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(shared);
  await expect(other.getByRole('searchbox', { name: 'Search query' })).toHaveValue(q);
  await expect(other.getByLabel('Language', { exact: true })).toHaveValue('es');
  await expect(other.getByTestId('search-result')).toHaveCount(3);
  expect(await other.getByTestId('search-result').allTextContents()).toEqual(titles);
  await expect(other.getByTestId('search-result').first()).toContainText('Guía de');
  // The server archived the search when the first browser bought it: the second is served it free, and told so.
  await expect(other.getByTestId('archive-badge')).toBeVisible();
  await fresh.close();
  expect((await standin().log(q)).map((entry) => entry.body)).toEqual([{ q, num: 3, page: '1', hl: 'es' }]);
});

test('re-running a search is served from the cache with no upstream call; Refresh buys it again', async ({ page }) => {
  const first = uniqueQuery('cachea');
  const second = uniqueQuery('cacheb');
  await page.goto(`/search?q=${first}&num=4`);
  await expect(page.getByTestId('paid-badge')).toHaveText('0.2 credits');
  const box = page.getByRole('searchbox', { name: 'Search query' });
  await box.fill(second);
  await box.press('Enter');
  await expect(page.getByTestId('search-result').first()).toContainText(`${second} — result 1`);
  await expect(page.getByTestId('paid-badge')).toBeVisible();

  // One click on the recent search: cached, free, nothing sent.
  const recent = page.getByTestId('recent-search').filter({ hasText: first });
  await expect(recent).toContainText('num:4');
  await expect(recent).toContainText('0 credits · in this browser');
  await recent.click();
  await expect(page).toHaveURL(new RegExp(`q=${first}`));
  await expect(page.getByTestId('search-result')).toHaveCount(4);
  await expect(page.getByTestId('cached-badge')).toHaveText('in this browser · 0 credits');
  await expect(page.getByTestId('search-submit')).toContainText('0 credits · in this browser');

  // Typing the same search again and pressing Enter: same answer, still free.
  await box.fill(second);
  await box.press('Enter');
  await expect(page.getByTestId('cached-badge')).toBeVisible();
  expect([await callsFor(first), await callsFor(second)]).toEqual([1, 1]);

  // A query not bought yet shows what Search will cost instead.
  await box.fill(uniqueQuery('unbought'));
  await expect(page.getByTestId('search-submit').getByTestId('cost-hint-search')).toHaveText('0.2 credits');
  await box.fill(second);
  await expect(page.getByTestId('search-submit')).toContainText('0 credits · in this browser');

  // After a reload it is still free: rendered by the server from its archive, or from this browser's persisted copy.
  await persisted(page, second);
  await page.reload();
  await expect(page.getByTestId('search-result').first()).toContainText(`${second} — result 1`);
  await expect(page.getByTestId(/^(cached|archive)-badge$/)).toBeVisible();
  expect(await callsFor(second)).toBe(1);

  // Refresh is the explicit way to buy again, with its expected cost on the button.
  const refresh = page.getByTestId('search-refresh');
  await expect(refresh).toContainText('0.2 credits');
  await refresh.click();
  await expect(page.getByTestId('paid-badge')).toHaveText('0.2 credits');
  expect(await callsFor(second)).toBe(2);
});

test('bad values in the address fall back to defaults with a note saying what was ignored', async ({ page }) => {
  const q = uniqueQuery('badurl');
  await page.goto(`/search?q=${q}&num=500&page=zero&site=not%20a%20site&hl=english&utm=x`);
  const note = page.getByTestId('ignored-params');
  await expect(note).toContainText('num=500');
  await expect(note).toContainText('must be a whole number from 1 to 100');
  await expect(note).toContainText('page=zero');
  await expect(note).toContainText('site=not a site');
  await expect(note).toContainText('hl=english');
  await expect(note).toContainText('utm=x');
  await expect(page.getByTestId('search-result')).toHaveCount(10);
  // Defaults are filled in, so the same search typed with or without them is one purchase.
  expect((await standin().log(q)).map((entry) => entry.body)).toEqual([{ q, num: 10, page: '1' }]);

  await note.getByRole('button', { name: 'Dismiss' }).click();
  await expect(note).toBeHidden();
  expect(new URL(page.url()).search).toBe(`?q=${q}`);
  expect(await callsFor(q)).toBe(1);
});

test('keyboard: the box is focused on arrival and "/" focuses it from anywhere except another field', async ({
  page,
}) => {
  await page.goto('/search');
  const box = page.getByRole('searchbox', { name: 'Search query' });
  await expect(box).toBeFocused();
  await page.getByRole('heading', { name: /Web search/ }).click();
  await expect(box).not.toBeFocused();
  await page.keyboard.press('/');
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('');

  await page.getByLabel('Only this site', { exact: true }).click();
  await page.keyboard.type('example.org/docs');
  await expect(page.getByLabel('Only this site', { exact: true })).toHaveValue('example.org/docs');
  await expect(page.getByLabel('Only this site', { exact: true })).toBeFocused();
});

test('a handle offers the timeline; recent searches can be cleared', async ({ page }) => {
  const handle = `ada_${Math.random().toString(36).slice(2, 7)}`;
  await page.goto(`/search?q=@${handle}`);
  await expect(
    page.getByTestId('handle-hint').getByRole('link', { name: `Open @${handle}’s timeline` }),
  ).toHaveAttribute('href', `/timeline?screen_name=${handle}`);
  await expect(page.getByTestId('recent-search').first()).toContainText(`@${handle}`);
  await page.getByRole('button', { name: 'Clear recent searches' }).click();
  await expect(page.getByTestId('recent-search')).toHaveCount(0);
  await page.goto('/search');
  await expect(page.getByTestId('recent-searches')).toContainText('Searches you run appear here');
});

test('a phone-sized screen has no sideways scrolling, in dark mode too', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  const q = uniqueQuery('phone');
  await page.goto(`/search?q=${q}&site=https://www.wiki.example.net/long/path&hl=pt-BR&num=14`);
  await expect(page.getByTestId('search-result')).toHaveCount(14);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`no serious accessibility violations (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    const q = uniqueQuery(`axe${colorScheme}`);
    await page.goto(`/search?q=${q}&num=500`);
    await expect(page.getByTestId('search-result')).toHaveCount(10);
    await expect(page.getByTestId('ignored-params')).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).include('main').analyze();
    const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(
      serious.map(
        (violation) =>
          `${violation.id}: ${violation.nodes
            .map((node) => node.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      ),
    ).toEqual([]);
  });
}
