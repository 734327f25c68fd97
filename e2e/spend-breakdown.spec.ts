import { type Page } from '@playwright/test';
import Big from 'big.js';
import fs from 'node:fs';
import { expect, test } from './support/test.ts';
import { startInstance } from './support/instances.ts';
import { E2E } from './support/ports.ts';
import { alias, standin } from './support/standin.ts';
import { HEADER } from '../src/contract/headers.ts';

/**
 * Where the credits went, on an instance of its own (its ledger holds exactly what is bought here): two handles
 * at 0.1 a page (one of them twice), a search at 0.2; the tables on the Credits page, their sort, their CSV, and a
 * spend alert that fires once across two tabs and a reload.
 */
const upstream = standin(E2E.upstreamStandin);
const HEADERS = { [HEADER.client]: '1' };
let instance: Awaited<ReturnType<typeof startInstance>>;
let ada = '';
let grace = '';
let query = '';

test.describe.configure({ mode: 'serial' });

const buyTimeline = async (handle: string, cursor?: string) => {
  const response = await fetch(
    `${instance.origin}/api/v1/social/microblog/posts?screen_name=${handle}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    { headers: HEADERS },
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { next_cursor: string } }).data.next_cursor;
};

test.beforeAll(async () => {
  test.setTimeout(60_000);
  instance = await startInstance(E2E.spendApp, {
    API_BASE_URL: `http://127.0.0.1:${E2E.upstreamStandin}`,
    API_TOKEN: E2E.token,
    CREDITSCOPE_DATA_DIR: `${process.env.CREDITSCOPE_E2E_DIR}/spend-breakdown-${Date.now()}`,
  });
  ada = alias('ada', 'spend');
  grace = alias('grace', 'spend');
  query = `spend ${ada.split('__')[1]}`;
  await buyTimeline(ada, await buyTimeline(ada));
  await buyTimeline(grace);
  const search = await fetch(`${instance.origin}/api/v1/search`, {
    method: 'POST',
    headers: { ...HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({ q: query }),
  });
  expect(search.status).toBe(200);
});

test.afterAll(async () => {
  await instance?.stop();
});

const breakdown = (page: Page) => page.getByRole('region', { name: 'Where the credits went' });
const rowNames = (page: Page) => breakdown(page).getByTestId('spend-row').locator('th').allTextContents();

test('the Credits page shows the spend by handle, query, day and job, sorted, summing to the total, as CSV', async ({
  page,
}) => {
  await page.goto(`${instance.origin}/credits`);
  await expect(page.getByTestId('credits-total')).toHaveText('0.5');
  const region = breakdown(page);
  // By handle, this session (the defaults): each handle, and the search in a group of its own.
  await expect(region.getByTestId('spend-total')).toHaveText('0.5');
  await expect(region.getByTestId('spend-table-total')).toHaveText('0.5');
  expect(await rowNames(page)).toEqual([`@${ada}`, 'Searches (no handle)', `@${grace}`]);
  await expect(region.getByTestId('spend-credits')).toHaveText(['0.2', '0.2', '0.1']);
  await expect(region.getByTestId('spend-bars')).toBeVisible();

  // Sorting: by credits, fewest first; by name.
  await region.getByRole('button', { name: /^Credits/ }).click();
  await expect(region.getByTestId('spend-credits').first()).toHaveText('0.1');
  await region.getByRole('button', { name: /^Handle/ }).click();
  expect(await rowNames(page)).toEqual([`@${ada}`, `@${grace}`, 'Searches (no handle)']);

  // The CSV is the table as shown, and its credits add up to the total.
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    region.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const [header, ...lines] = fs
    .readFileSync(await file.path(), 'utf8')
    .trim()
    .split('\r\n');
  const column = header!.split(',').indexOf('credits');
  expect(lines.map((line) => line.split(',')[0])).toEqual([ada, grace, 'Searches (no handle)']);
  expect(lines.reduce((sum, line) => sum.plus(line.split(',')[column]!), new Big(0)).toString()).toBe('0.5');

  // By query, by day, by job: the same total.
  await region.getByRole('button', { name: 'By query' }).click();
  await expect(region.getByTestId('spend-row').filter({ hasText: query })).toContainText('0.2');
  await expect(region.getByTestId('spend-table-total')).toHaveText('0.5');
  await region.getByRole('button', { name: 'By day' }).click();
  await expect(region.getByTestId('spend-row')).toHaveCount(1);
  await expect(region.getByTestId('spend-table-total')).toHaveText('0.5');
  await region.getByRole('button', { name: 'By job' }).click();
  await expect(region.getByTestId('spend-row')).toHaveText([/Bought in the browser \(no job\)\s*4\s*0\.5/]);

  // Periods: all time and today hold the same calls here.
  await region.getByRole('button', { name: 'By handle' }).click();
  await region.getByLabel('Period').selectOption('all');
  await expect(region.getByTestId('spend-total')).toHaveText('0.5');
  await region.getByLabel('Period').selectOption('today');
  await expect(region.getByTestId('spend-total')).toHaveText('0.5');

  // A day opens that day's spend; a handle opens its pages in History, free.
  await region.getByRole('button', { name: 'By day' }).click();
  const today = new Date().toISOString().slice(0, 10);
  await region.getByRole('link', { name: today }).click();
  await expect(page).toHaveURL(new RegExp(`by=handle.*from=${today}.*to=${today}`));
  await expect(region.getByRole('button', { name: 'By handle' })).toHaveAttribute('aria-pressed', 'true');
  await region.getByRole('link', { name: `@${grace}` }).click();
  await expect(page).toHaveURL(/\/history\?/);
  await expect(page).toHaveURL(new RegExp(`subject=${grace}`));

  // Reading all of it bought nothing more: three pages of ada and grace, one search.
  expect(await upstream.log(ada)).toHaveLength(2);
  expect(await upstream.log(grace)).toHaveLength(1);
});

/** Asks a tab to read the ledger now, as it does when it regains focus, and waits for the answer. */
async function readNow(page: Page) {
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/_session');
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
  await answer;
}

test('an alert set on the Credits page fires once when crossed: in one of two tabs, and not again after a reload', async ({
  page,
  context,
}) => {
  await page.goto(`${instance.origin}/credits`);
  await expect(page.getByTestId('credits-total')).toHaveText('0.5');
  const alerts = page.getByRole('region', { name: 'Spend alerts' });
  await alerts.getByRole('textbox', { name: 'Credits' }).fill('0.6');
  await alerts.getByRole('button', { name: 'Add alert' }).click();
  await expect(alerts.getByTestId('spend-alert')).toContainText('When this session reaches 0.6 credits');
  await expect(alerts.getByTestId('spend-alert')).toContainText('Waiting');

  const other = await context.newPage();
  await other.goto(`${instance.origin}/history`);
  await expect(other.getByRole('heading', { name: 'History' })).toBeVisible();
  const tabs = [page, other];
  const notices = async () =>
    (await page.getByTestId('spend-alert-notice').count()) + (await other.getByTestId('spend-alert-notice').count());

  // Below the threshold: nothing.
  for (const tab of tabs) await readNow(tab);
  expect(await notices()).toBe(0);

  // One more page crosses it: the next reads of both tabs find it crossed, and one of them shows it.
  await buyTimeline(`${grace}x`);
  await Promise.all(tabs.map(readNow));
  await expect.poll(notices, { timeout: 20_000 }).toBe(1);
  const shownIn = (await page.getByTestId('spend-alert-notice').count()) ? page : other;
  await expect(shownIn.getByTestId('spend-alert-notice')).toContainText(
    'This session has reached 0.6 credits: 0.6 spent.',
  );
  // Read again in both: still one.
  await Promise.all(tabs.map(readNow));
  expect(await notices()).toBe(1);

  // After a reload, neither tab shows it again; the Credits page says it fired.
  await Promise.all(tabs.map((tab) => tab.reload()));
  await Promise.all(tabs.map(readNow));
  expect(await notices()).toBe(0);
  await expect(alerts.getByTestId('spend-alert')).toContainText('Fired');
  await other.close();
});
