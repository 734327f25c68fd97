import { type Download, type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { searchResults } from '../server/standin/search.ts';
import { RESULT_COLUMNS } from '../src/contract/export/result-export.ts';
import { standin } from './support/standin.ts';
import { settled } from './support/settle.ts';

function uniqueQuery(tag: string): string {
  return `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

async function searchCalls(q: string) {
  return (await standin().log(q)).filter((entry) => entry.path === '/v1/search');
}

async function textOf(download: Download): Promise<string> {
  return Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
}

async function save(page: Page, name: string): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('search-export').getByRole('button', { name }).click(),
  ]);
  return download;
}

test('the loaded pages of a search export as results (JSON, CSV) and as the raw answers bought, and exporting buys nothing', async ({
  page,
}) => {
  const q = uniqueQuery('export');
  await page.goto(`/search?q=${q}&num=5`);
  await expect(page.getByTestId('search-result')).toHaveCount(5);
  await page.getByRole('navigation', { name: 'Result pages' }).getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('search-result').first()).toContainText('Result 6:');
  const tools = page.getByTestId('search-export');
  await expect(tools).toContainText('Export the 10 loaded results (pages 1, 2) · free, 0 credits');

  const json = await save(page, 'Export JSON');
  expect(json.suggestedFilename()).toMatch(new RegExp(`^search-${q}-results-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const rows = JSON.parse(await textOf(json)) as {
    rank: number;
    page: number;
    title: string;
    url: string;
    domain: string;
  }[];
  const expected = [1, 2].flatMap((number) => searchResults({ q, num: 5, page: number }));
  expect(rows.map((row) => row.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  expect(rows.map((row) => row.page)).toEqual([1, 1, 1, 1, 1, 2, 2, 2, 2, 2]);
  expect(rows.map((row) => row.url)).toEqual(expected.map((result) => result.url));
  expect(rows.map((row) => row.domain)).toEqual(expected.map((result) => new URL(result.url).hostname));

  // The CSV has the columns every result export shares (search, job, find alike), not a post's.
  const csv = await textOf(await save(page, 'Export CSV'));
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('rank,page,title,url,domain,snippet,query');
  expect(lines[0]).toBe(RESULT_COLUMNS.join(','));
  expect(lines).toHaveLength(11);
  expect(lines[6]).toBe(`6,2,${expected[5]!.title},${expected[5]!.url},${new URL(expected[5]!.url).hostname},,${q}`);

  const raw = await save(page, 'Export raw pages (2)');
  expect(raw.suggestedFilename()).toMatch(/-raw-pages-\d{4}-\d{2}-\d{2}\.ndjson$/);
  const answers = (await textOf(raw))
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as { params: { page: string }; credits: string; answer: unknown });
  // Exactly what the upstream sent, meta included, not the app's reading of it.
  expect(answers.map((line) => line.params.page)).toEqual(['1', '2']);
  expect(answers.map((line) => line.answer)).toEqual(
    [1, 2].map((number) => ({
      success: true,
      data: searchResults({ q, num: 5, page: number }),
      meta: { credits: 0.2 },
    })),
  );
  expect(answers.map((line) => line.credits)).toEqual(['0.2', '0.2']);

  // Two pages bought, one call each; three exports later, still two.
  await settled(page);
  expect((await searchCalls(q)).map((call) => call.body)).toEqual([
    { q, num: 5, page: '1' },
    { q, num: 5, page: '2' },
  ]);
});

test('a result names its site beside the breadcrumb and opens in a new tab that cannot reach back to creditscope', async ({
  page,
  context,
}) => {
  const q = uniqueQuery('newtab');
  await page.goto(`/search?q=${q}&site=docs.example.com`);
  const first = page.getByTestId('search-result').first();
  await expect(first).toBeVisible();
  for (const domain of await page.getByTestId('result-domain').allTextContents())
    expect(domain).toBe('docs.example.com');
  await expect(first.getByTestId('result-breadcrumb')).toHaveText(` › ${q}-1`);

  const link = first.getByRole('link');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(link).toHaveAccessibleName(/\(opens in a new tab\)$/);
  // The site itself is not reachable from the test machine: a stand-in page answers for it.
  await context.route('https://docs.example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>docs</title><p>elsewhere</p>' }),
  );
  const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await tab.waitForLoadState();
  expect(tab.url()).toBe(`https://docs.example.com/${q}-1?ref=1`);
  expect(await tab.evaluate(() => ({ opener: window.opener as unknown, referrer: document.referrer }))).toEqual({
    opener: null,
    referrer: '',
  });
  expect(new URL(page.url()).pathname).toBe('/search');
  await settled(page);
  expect(await searchCalls(q)).toHaveLength(1);
});
