import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { startInstance } from './support/instances.ts';
import { E2E } from './support/ports.ts';
import { alias, standin } from './support/standin.ts';
import { POST_COLUMNS } from '../src/contract/export/post-export.ts';
import { RESULT_COLUMNS } from '../src/contract/export/result-export.ts';
import { wcagViolations } from './support/axe.ts';

/**
 * An instance of its own, so its archive holds exactly what this spec bought through the UI: two pages of
 * one timeline and one search. Finding and counting in them must reach neither the upstream nor the paid API.
 */
const upstream = standin(E2E.upstreamStandin);
let instance: Awaited<ReturnType<typeof startInstance>>;
const handle = alias('ada', 'findbought');
const query = `${handle} engines`;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  instance = await startInstance(E2E.findApp, {
    API_BASE_URL: `http://127.0.0.1:${E2E.upstreamStandin}`,
    API_TOKEN: E2E.token,
    CREDITSCOPE_DATA_DIR: `${process.env.CREDITSCOPE_E2E_DIR}/find-${Date.now()}`,
  });
});

test.afterAll(async () => {
  await instance?.stop();
});

/** Every request the page makes to the paid API: finding must make none. */
function watchPaidRequests(page: Page): string[] {
  const paid: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/v1/')) paid.push(request.url());
  });
  return paid;
}

/** The longest plain word of a bought post: one that finding must turn up. */
async function wordOfFirstPost(page: Page): Promise<string> {
  const text = (await page.locator('article').first().getByTestId('rich-text').first().textContent()) ?? '';
  const words = text
    .split(/[^A-Za-z]+/)
    .filter((word) => word.length >= 5)
    .sort((a, b) => b.length - a.length);
  expect(words.length, `a word of five letters or more in "${text}"`).toBeGreaterThan(0);
  return words[0]!.toLowerCase();
}

test('what was bought can be found, filtered and counted for free, and says which purchase it came from', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${instance.origin}/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  await page
    .getByTestId('paging-footer')
    .getByRole('button', { name: /Load more/ })
    .click();
  await expect(page.getByTestId('spend-line')).toContainText('from 2 pages');
  const word = await wordOfFirstPost(page);
  await page.goto(`${instance.origin}/search?q=${encodeURIComponent(query)}`);
  await expect(page.getByTestId('paid-badge').or(page.getByTestId('cached-badge')).first()).toBeVisible();
  const bought = (await upstream.log(handle)).length;
  expect(bought).toBe(3);

  const paid = watchPaidRequests(page);
  await page.goto(`${instance.origin}/find`);
  await expect(page.getByTestId('find-free')).toContainText('0 credits');
  await page.getByTestId('find-q').fill(word);
  await page.getByTestId('find-q').press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
  await expect(page.getByTestId('find-total')).toContainText(/\d+ match(es)? in what you bought · 0 credits/);
  const hits = page.getByTestId('find-hit');
  await expect(hits.first()).toBeVisible();
  // Every hit holds the word, and names the purchase it came from: this timeline, at 0 credits. A post's card
  // shows its text once (no snippet repeats it), and its time opens the post.
  for (const text of await hits.allTextContents()) expect(text.toLowerCase()).toContain(word);
  await expect(hits.first().getByTestId('hit-snippet')).toHaveCount(0);
  await expect(hits.first().getByTestId('post-permalink').first()).toHaveAttribute(
    'href',
    /\/timeline\/\w+\/post\/\d+$/,
  );
  const provenance = page.getByTestId('hit-provenance').first();
  await expect(provenance).toContainText(`from @${handle}'s timeline`);
  await expect(provenance).toContainText('0 credits');
  await expect(provenance).toHaveAttribute('data-purchase-id', /.+/);
  // The purchase is said by when it was bought, not by a bare id (kept on hover).
  await expect(provenance).toContainText(/, bought \S/);
  await expect(provenance).not.toContainText('purchase');
  await expect(provenance.getByTitle(/^purchase [\w-]+$/)).toHaveCount(1);
  // The found posts export in the one post shape a timeline's export has (src/contract/export/post-export.ts).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('find-export-csv').click()]);
  const csv = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
  // The columns every post export shares (src/contract/export/post-export.ts): timeline, search, job and find alike.
  expect(csv.split('\r\n')[0]).toBe(POST_COLUMNS.join(','));
  expect(csv.trimEnd().split('\r\n').length - 1).toBe(await hits.count());
  expect(csv).toMatch(new RegExp(`,${instance.origin}/timeline/\\w+/post/\\d+,`));

  // Search results are found too, and the kind filter keeps only them; the filter lives in the address. Typed
  // words and filters apply as they change, without pressing Find: the hits always match the form.
  await page.getByTestId('find-q').fill('engines');
  await expect(page).toHaveURL(/[?&]q=engines(&|$)/);
  await expect(page).not.toHaveURL(/kind=/);
  await page.getByTestId('find-kind').selectOption('result');
  await expect(page).toHaveURL(/kind=result/);
  // The previous find's hits stay on screen until the new answer lands (and an answer while the archive is still
  // being indexed can grow): wait for result hits, then for no hit of another kind, never for a count read once.
  await expect(hits.and(page.locator('[data-kind="result"]')).first()).toBeVisible();
  await expect(hits.and(page.locator(':not([data-kind="result"])'))).toHaveCount(0);
  await expect(page.getByTestId('hit-provenance').first()).toContainText(`from the search “${query}”`);
  // Found web results export in the result columns the search page's and a job's files have, not a post's.
  await expect(page.getByTestId('find-export-csv')).toHaveCount(0);
  const [results] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('find-export-results-csv').click(),
  ]);
  const resultLines = Buffer.concat(await (await results.createReadStream()).toArray())
    .toString('utf8')
    .trimEnd()
    .split('\r\n');
  expect(resultLines[0]).toBe(RESULT_COLUMNS.join(','));
  // No rank (a hit does not keep its place on the page), page 1, its title, url and site, the search that found it.
  const [rank, firstPage, title, url, domain] = resultLines[1]!.split(',');
  expect([rank, firstPage]).toEqual(['', '1']);
  expect(title).toMatch(/engines/i);
  expect(domain).toBe(new URL(url!).hostname.replace(/^www\./, ''));
  expect(resultLines[1]!.endsWith(`,${query}`)).toBe(true);
  // Back returns to the previous finds, as a shared link would open them: the words before the filter, then the first.
  await page.goBack();
  await expect(page).toHaveURL(/[?&]q=engines(&|$)/);
  await expect(page.getByTestId('find-kind')).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
  await expect(page.getByTestId('find-q')).toHaveValue(word);

  // Statistics of the author, counted from the archived posts.
  await page.goto(`${instance.origin}/find/stats/ada`);
  await expect(page.getByTestId('stats-free')).toContainText('0 credits');
  await expect(page.getByTestId('handle-stats')).toBeVisible();
  expect(Number(await page.getByTestId('stat-posts').textContent())).toBeGreaterThan(0);
  await expect(page.getByTestId('stat-pages-bought')).toHaveText('2');
  await expect(page.getByTestId('per-day-chart')).toBeVisible();
  const tag = page.getByTestId('stats-find-link').first();
  await expect(tag).toBeVisible();
  await tag.click();
  await expect(page).toHaveURL(/\/find\?/);
  await expect(hits.first()).toBeVisible();

  // Nothing of that reached the paid API or the upstream.
  expect(paid).toEqual([]);
  expect(await upstream.log(handle)).toHaveLength(bought);
});

test('the find page has no WCAG A/AA violations in light, dark and at 375 px, and nothing overflows', async ({
  page,
}) => {
  for (const [scheme, width] of [
    ['light', 1280],
    ['dark', 1280],
    ['light', 375],
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${instance.origin}/find?q=engines`);
    await expect(page.getByTestId('find-hit').first()).toBeVisible();
    expect(await wcagViolations(page), `${scheme} ${width}`).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
  }
});
