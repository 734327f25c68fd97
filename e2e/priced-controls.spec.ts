import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { alias, standin } from './support/standin.ts';

/** Every request the page makes to the paid API, from now on. */
function paidRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/v1/'))
      seen.push(`${request.method()} ${decodeURIComponent(request.url())}`);
  });
  return seen;
}

function uniqueQuery(tag: string): string {
  return `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

async function searchesFor(q: string): Promise<number> {
  return (await standin().log(q)).filter(
    (entry) => entry.path === '/v1/search' && (entry.body as { q?: unknown }).q === q,
  ).length;
}

const PRICE = /\d+\.\d+ credits/;
/** Opening a timeline: its price, or nothing when the server's archive already holds it (another test may have bought it). */
const OPEN_PRICE = /(\d+\.\d+ credits|0 credits · from archive)/;

test('Open and the search pager show their price before the click, and say when a page is cached', async ({ page }) => {
  const handle = alias('ada', 'priced');
  await page.goto(`/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  const open = page.getByTestId('lookup-submit');
  await expect(open).toHaveAccessibleName(/^Open\s*0 credits · in this browser$/);
  await page.getByLabel('Handle, @handle, numeric id or profile URL').fill(alias('grace', 'priced'));
  await expect(open).toHaveAccessibleName(new RegExp(`^Open\\s*${PRICE.source}$`));

  const q = uniqueQuery('pager');
  await page.goto(`/search?q=${q}`);
  await expect(page.getByTestId('search-result')).toHaveCount(10);
  const pages = page.getByRole('navigation', { name: 'Result pages' });
  await expect(pages.getByRole('button', { name: /Next/ })).toHaveAccessibleName(new RegExp(`Next\\s*${PRICE.source}`));
  await pages.getByRole('button', { name: /Next/ }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId('search-result').first()).toContainText('result 11');
  await expect(pages.getByRole('button', { name: /Previous/ })).toHaveAccessibleName(
    /Previous\s*0 credits · in this browser/,
  );
  await expect(pages.getByRole('button', { name: /Next/ })).toHaveAccessibleName(new RegExp(`Next\\s*${PRICE.source}`));
  expect(await searchesFor(q)).toBe(2);

  await pages.getByRole('button', { name: /Previous/ }).click();
  await expect(page.getByTestId('search-result').first()).toContainText('result 1');
  await page.waitForLoadState('networkidle');
  expect(await searchesFor(q)).toBe(2);
});

test('a mention shows the timeline’s price in a menu before anything is bought; Escape closes it and focus returns', async ({
  page,
}) => {
  const handle = alias('ada', 'mention');
  await page.goto(`/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  const paid = paidRequests(page);

  const mention = page
    .locator('article[data-variant="text"]')
    .getByRole('button', { name: '@grace', exact: true })
    .first();
  await expect(mention).toHaveAccessibleDescription(OPEN_PRICE);
  await mention.click();
  const menu = page.getByRole('dialog', { name: '@grace' });
  const openGrace = menu.getByRole('link', { name: /^Open @grace’s timeline/ });
  await expect(openGrace).toHaveAccessibleName(new RegExp(`Open @grace’s timeline\\s*${OPEN_PRICE.source}`));
  await expect(openGrace).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(mention).toBeFocused();

  // From the keyboard alone, the same.
  await page.keyboard.press('Enter');
  await expect(openGrace).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(mention).toBeFocused();
  await page.waitForLoadState('networkidle');
  expect(paid).toEqual([]);

  // Only the priced link buys, once; afterwards the same mention says it is cached.
  await mention.click();
  await openGrace.click();
  await expect(page.getByTestId('profile-header')).toContainText('Grace Hopper');
  await expect.poll(() => paid.length).toBe(1);
  expect(paid[0]).toContain('screen_name=grace');
  await page.goBack();
  await expect(page.getByTestId('profile-header')).toContainText('Ada Lovelace');
  await expect(mention).toHaveAccessibleDescription('0 credits · in this browser');
  await mention.click();
  await expect(openGrace).toHaveAccessibleName(/Open @grace’s timeline\s*0 credits · in this browser/);
  await page.waitForLoadState('networkidle');
  expect(paid).toHaveLength(1);
});

test('a hashtag filters the loaded posts for free; "Search the web" shows its price and buys exactly one search', async ({
  page,
}) => {
  const handle = alias('ada', 'hashtag');
  // The search price is learnt from the session; one search first makes it known whatever ran before.
  await page.goto(`/search?q=${uniqueQuery('warmup')}`);
  await expect(page.getByTestId('search-result').first()).toBeVisible();
  await page.goto(`/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  const paid = paidRequests(page);

  const hashtag = page.locator('article').getByTestId('hashtag').first();
  const tag = (await hashtag.textContent())!.trim();
  expect(tag).toMatch(/^#\w+$/);
  const searchedBefore = await searchesFor(tag);
  await expect(hashtag).toHaveAccessibleDescription('Filters the loaded posts, free');
  await hashtag.click();

  const find = page.getByRole('searchbox', { name: 'Find in loaded posts' });
  await expect(find).toHaveValue(tag);
  await expect(find).toBeFocused();
  await expect(page.getByTestId('shown-count')).toHaveText(/^Showing \d+ of 20 loaded posts$/);
  const shown = Number((await page.getByTestId('shown-count').textContent())!.match(/Showing (\d+)/)![1]);
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(20);
  await expect(page.locator('article')).toHaveCount(shown);
  for (const text of await page.locator('article').allTextContents())
    expect(text.toLowerCase()).toContain(tag.toLowerCase());

  const web = page.getByTestId('hashtag-offer').getByRole('link', { name: new RegExp(`^Search the web for ${tag}`) });
  await expect(web).toHaveAccessibleName(`Search the web for ${tag} 0.2 credits`);
  await page.waitForLoadState('networkidle');
  expect(paid).toEqual([]);
  expect(await searchesFor(tag)).toBe(searchedBefore);

  await web.click();
  await expect(page).toHaveURL(`/search?q=${encodeURIComponent(tag)}`);
  await expect(page.getByTestId('search-result').first()).toBeVisible();
  await expect.poll(() => searchesFor(tag)).toBe(searchedBefore + 1);
  await page.waitForLoadState('networkidle');
  expect(paid).toHaveLength(1);
  expect(await searchesFor(tag)).toBe(searchedBefore + 1);
});
