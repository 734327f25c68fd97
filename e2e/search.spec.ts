import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { standin } from './support/standin.ts';
import { settled } from './support/settle.ts';

/** A query no other test uses, so the stand-in's log for it is this test's alone. */
function uniqueQuery(tag: string): string {
  return `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

async function bodiesFor(q: string): Promise<unknown[]> {
  return (await standin().log(q)).filter((entry) => entry.path === '/v1/search').map((entry) => entry.body);
}

async function firstTitle(page: Page) {
  return page.getByTestId('search-result').first().getByRole('heading');
}

test('each option reaches the upstream exactly as set, and only the options set (num and page always, as the proxy fills them in)', async ({
  page,
}) => {
  const q = uniqueQuery('params');
  await page.goto('/search');
  await page.getByRole('searchbox', { name: 'Search query' }).fill(q);
  await page.getByLabel('Results wanted', { exact: true }).fill('7');
  await page.getByLabel('Page', { exact: true }).fill('2');
  await page.getByLabel('Only this site', { exact: true }).fill('https://www.Example.org/docs/intro');
  await expect(page.getByText('Sent as example.org')).toBeVisible();
  await page.getByLabel('Language', { exact: true }).fill('fr');
  await page.getByRole('searchbox', { name: 'Search query' }).press('Enter');

  await expect(page).toHaveURL(/[?&]num=7/);
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
    q,
    num: '7',
    page: '2',
    site: 'example.org',
    hl: 'fr',
  });
  await expect(page.getByTestId('search-result')).toHaveCount(7);
  await expect(page.getByTestId('search-result').first()).toContainText('Result 8:');
  expect(await bodiesFor(q)).toEqual([{ q, num: 7, page: '2', site: 'example.org', hl: 'fr' }]);

  const plain = uniqueQuery('plain');
  await page.getByLabel('Results wanted', { exact: true }).fill('');
  await page.getByLabel('Page', { exact: true }).fill('');
  await page.getByLabel('Only this site', { exact: true }).fill('');
  await page.getByLabel('Language', { exact: true }).fill('');
  await page.getByRole('searchbox', { name: 'Search query' }).fill(plain);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('search-result')).toHaveCount(10);
  expect(new URL(page.url()).search).toBe(`?q=${plain}`);
  expect(await bodiesFor(plain)).toEqual([{ q: plain, num: 10, page: '1' }]);
});

test('a bad option is explained in the form and nothing is bought', async ({ page }) => {
  const q = uniqueQuery('badopt');
  await page.goto('/search');
  await page.getByRole('searchbox', { name: 'Search query' }).fill(q);
  await page.getByLabel('Results wanted', { exact: true }).fill('500');
  await page.getByLabel('Language', { exact: true }).fill('english');
  await page.getByRole('searchbox', { name: 'Search query' }).press('Enter');
  await expect(page.getByLabel('Results wanted', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('A whole number from 1 to 100')).toBeVisible();
  await expect(page.getByText('A language code such as en, fr or pt-BR')).toBeVisible();
  expect(await bodiesFor(q)).toEqual([]);
});

test('paging steps through results with the right ranks; going back is free', async ({ page }) => {
  const q = uniqueQuery('paging');
  await page.goto(`/search?q=${q}&num=5`);
  const results = page.getByTestId('search-result');
  await expect(results).toHaveCount(5);
  await expect(results.first()).toContainText('Result 1:');
  const pages = page.getByRole('navigation', { name: 'Result pages' });
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByLabel('Page', { exact: true })).toHaveValue('2');
  await expect(pages.getByRole('button', { name: 'Next' })).toBeFocused();
  await expect(results.first()).toContainText('Result 6:');
  await expect(results.first()).toContainText(`${q} — result 6`);
  await expect(page.getByTestId('paid-badge')).toBeVisible();

  await pages.getByRole('button', { name: 'Previous' }).click();
  await expect(page).not.toHaveURL(/page=/);
  await expect(results.first()).toContainText(`${q} — result 1`);
  await expect(page.getByTestId('cached-badge')).toBeVisible();
  expect(await bodiesFor(q)).toEqual([
    { q, num: 5, page: '1' },
    { q, num: 5, page: '2' },
  ]);

  // 57 results in all: page 2 of 50 has 7, so there is no next page.
  await page.goto(`/search?q=${q}&num=50&page=2`);
  await expect(results).toHaveCount(7);
  await expect(results.first()).toContainText('Result 51:');
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
});

test('site restricts every result to that domain', async ({ page }) => {
  const q = uniqueQuery('site');
  await page.goto(`/search?q=${q}&site=docs.example.com`);
  await expect(page.getByTestId('search-result')).toHaveCount(10);
  for (const domain of await page.getByTestId('result-domain').allTextContents())
    expect(domain).toBe('docs.example.com');
  expect(await bodiesFor(q)).toEqual([{ q, num: 10, page: '1', site: 'docs.example.com' }]);
});

test('language: a code from the picker localises the results', async ({ page }) => {
  const q = uniqueQuery('lang');
  await page.goto(`/search?q=${q}`);
  await expect(await firstTitle(page)).toContainText('Guide to');
  await expect(page.locator('#search-hl-codes option[value="zh-CN"]')).toHaveCount(1);
  await page.getByLabel('Language', { exact: true }).fill('de');
  await page.getByLabel('Language', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/hl=de/);
  await expect(await firstTitle(page)).toContainText('Leitfaden zu');
  expect(await bodiesFor(q)).toEqual([
    { q, num: 10, page: '1' },
    { q, num: 10, page: '1', hl: 'de' },
  ]);
});

test('an empty query buys nothing', async ({ page }) => {
  const searches: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/search')) searches.push(request.url());
  });
  await page.goto('/search');
  await expect(page.getByTestId('search-intro')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search query' }).press('Enter');
  await page.getByRole('searchbox', { name: 'Search query' }).fill('   ');
  await page.getByRole('button', { name: /^Search/ }).click();
  await page.goto('/search?q=%20%20&num=20');
  await expect(page.getByTestId('search-intro')).toBeVisible();
  await settled(page);
  expect(searches).toEqual([]);
});

test('no results is a clear empty state, still paid', async ({ page }) => {
  const q = uniqueQuery('noresults');
  await page.goto(`/search?q=${q}&site=example.org`);
  await expect(page.getByTestId('no-results')).toContainText(`No results for “${q}”`);
  await expect(page.getByTestId('paid-badge')).toHaveText('0.2 credits');
  await page.getByRole('button', { name: 'Search all sites, not only example.org' }).click();
  await expect(page).not.toHaveURL(/site=/);
  await expect(page.getByTestId('paid-badge')).toBeVisible();
  await expect
    .poll(() => bodiesFor(q))
    .toEqual([
      { q, num: 10, page: '1', site: 'example.org' },
      { q, num: 10, page: '1' },
    ]);
});

test('an upstream error is shown with its real status, retried by the proxy only, with a priced Retry', async ({
  page,
}) => {
  const q = uniqueQuery('broken');
  // An HTML gateway page titled "502 Bad Gateway", sent with HTTP 500 and no credits.
  await standin().fault({ match: q, status: 500, body: 'html' });
  await page.goto(`/search?q=${q}`);
  const panel = page.getByTestId('error-panel');
  await expect(panel).toBeVisible({ timeout: 15_000 });
  await expect(panel).toContainText('The upstream failed (500 Internal Server Error)');
  await expect(panel).toContainText('500 Internal Server Error: the upstream sent an HTML error page');
  await expect(panel).not.toContainText('Bad Gateway');
  await expect(panel.getByRole('button', { name: /^Retry/ })).toContainText('0.2 credits');
  await expect(page.getByTestId('search-result')).toHaveCount(0);
  // Nothing was charged, so the proxy tried twice more; the browser added no try of its own.
  await settled(page);
  expect(await bodiesFor(q)).toHaveLength(3);
});

test('a hostile result URL is shown as text, never as a link', async ({ page }) => {
  const q = uniqueQuery('hostile');
  await page.goto(`/search?q=${q}`);
  await expect(page.getByTestId('search-result')).toHaveCount(10);
  await expect(page.locator('a[href^="javascript:" i], a[href^="data:" i]')).toHaveCount(0);
  await expect(page.getByTestId('not-a-link')).toHaveCount(2);
  await expect(page.getByText('<img src=x onerror="window.__pwned=1">Hostile title')).toBeVisible();
  await expect(page.getByText('javascript:window.__pwned=1')).toBeVisible();
  await expect(page.getByRole('link', { name: /Plain result after hostile ones/ })).toHaveAttribute(
    'rel',
    'noopener noreferrer',
  );
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  for (const link of await page.getByTestId('search-results').getByRole('link').all()) {
    await expect(link).toHaveAttribute('href', /^https?:\/\//);
    await expect(link).toHaveAttribute('target', '_blank');
  }
});

test('a search that fails says whether it was charged, as a timeline’s error does', async ({ page }) => {
  const q = uniqueQuery('chargenote');
  await standin().fault({ match: q, status: 400, body: 'json' });
  await page.goto(`/search?q=${encodeURIComponent(q)}`);
  await expect(page.getByTestId('charge-note')).toHaveText(/^(Not charged|Charged|May have been charged)/);
  await expect(page.getByTestId('charge-note')).toContainText('Not charged');
});
