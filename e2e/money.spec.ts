import fs from 'node:fs';
import Big from 'big.js';
import { expect, test } from './support/test.ts';
import { startInstance } from './support/instances.ts';
import { E2E } from './support/ports.ts';
import { hydrated, serverRendered, untilHydrated } from './support/rendering.ts';
import { standin } from './support/standin.ts';
import { HEADER } from '../src/contract/headers.ts';

/**
 * Money beside credits (#33.8), on an instance of its own with CREDIT_PRICE=0.002 USD and an operator limit of
 * 1 credit: 3 timeline pages at 0.1 credits are 0.3 credits, which is 0.0006 USD, exactly, everywhere.
 */
const HEADERS = { [HEADER.client]: '1', 'content-type': 'application/json' };
const upstream = standin(E2E.upstreamStandin);
const tag = `money${Date.now().toString(36)}`;
let instance: Awaited<ReturnType<typeof startInstance>>;

test.describe.configure({ mode: 'serial' });

const api = (path: string, init: RequestInit = {}) => fetch(`${instance.origin}${path}`, { ...init, headers: HEADERS });

/** A CSV's lines as cells by column name (no cell here holds a comma inside quotes but params, read last). */
function csvRows(text: string): Record<string, string>[] {
  const [header, ...lines] = text.trim().split('\r\n');
  const columns = header!.split(',');
  return lines.map((line) => {
    const cells = line.split(',');
    // params is a quoted JSON object that may hold commas: the money and currency are the last two cells.
    return Object.fromEntries(
      columns.map((column, index) =>
        column === 'money' || column === 'currency'
          ? [column, cells[cells.length - (columns.length - index)]!]
          : [column, cells[index]!],
      ),
    );
  });
}

test.beforeAll(async () => {
  test.setTimeout(60_000);
  instance = await startInstance(E2E.moneyApp, {
    API_BASE_URL: `http://127.0.0.1:${E2E.upstreamStandin}`,
    API_TOKEN: E2E.token,
    CREDIT_PRICE: '0.002 USD',
    CREDIT_LIMIT: '1',
    CREDITSCOPE_DATA_DIR: `${process.env.CREDITSCOPE_E2E_DIR}/money-${Date.now()}`,
  });
  for (let index = 0; index < 3; index++)
    expect((await api(`/api/v1/social/microblog/posts?screen_name=ada__${tag}${index}`)).status).toBe(200);
  // Three calls reached the upstream, one per page, and no more.
  expect(await upstream.log(tag)).toHaveLength(3);
});

test.afterAll(async () => {
  await instance?.stop();
});

test('the meter and the Credits page show the money beside the credits: 0.3 credits are $0.0006', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.setViewportSize({ width: 1440, height: 900 });
  // A page the server renders (a timeline from its archive: free) hydrates with the money in its meter.
  await page.goto(`${instance.origin}/timeline?screen_name=ada__${tag}0`);
  expect(await serverRendered(page)).toBe(true);
  await hydrated(page);
  await expect(page.getByTestId('meter-money')).toHaveText('$0.0006');

  await page.goto(`${instance.origin}/credits`);
  await untilHydrated(page);
  const meter = page.getByTestId('credit-meter');
  await expect(page.getByTestId('meter-total')).toHaveText('0.3');
  await expect(page.getByTestId('meter-money')).toHaveText('$0.0006');
  await expect(page.getByTestId('meter-money')).toBeVisible();
  await expect(meter).toHaveAccessibleDescription('$0.0006');

  await expect(page.getByTestId('credits-total')).toHaveText('0.3');
  await expect(page.getByTestId('credits-total-money')).toHaveText('$0.0006');
  await expect(page.getByTestId('breakdown-timeline-money')).toHaveText('$0.0006');
  await expect(page.getByTestId('breakdown-search-money')).toHaveText('$0.00');
  // The operator's limit of 1 credit is $0.002.
  await expect(page.getByTestId('operator-limit-money')).toHaveText('$0.002');

  // At a phone's width the meter stays one line: the money gives way before it would wrap.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect
    .poll(() => meter.evaluate((element) => element.scrollWidth <= element.clientWidth), { timeout: 10_000 })
    .toBe(true);
  expect((await meter.boundingBox())!.height).toBeLessThan(40);
  // Reading it nothing was bought, and nothing went wrong on the way.
  expect(await upstream.log(tag)).toHaveLength(3);
  expect(errors).toEqual([]);
});

test('the ledger CSV, from the Credits page and as a period export, has each call’s money exactly', async ({
  page,
}) => {
  await page.goto(`${instance.origin}/credits`);
  await expect(page.getByTestId('ledger-row')).toHaveCount(3);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const fromPage = fs.readFileSync(await (await download).path(), 'utf8');
  const fromServer = await (await api('/api/_history/ledger.csv')).text();

  for (const csv of [fromPage, fromServer]) {
    expect(csv.split('\r\n')[0]).toMatch(/,credits,.*,money,currency$/);
    const rows = csvRows(csv);
    expect(rows.map((row) => [row.credits, row.money, row.currency])).toEqual([
      ['0.1', '0.0002', 'USD'],
      ['0.1', '0.0002', 'USD'],
      ['0.1', '0.0002', 'USD'],
    ]);
    // Summed exactly, as a spreadsheet of the file would: 3 calls × 0.1 credits × 0.002 USD.
    expect(rows.reduce((sum, row) => sum.plus(row.money!), new Big(0)).toFixed()).toBe('0.0006');
  }
});

test('a job’s quote says its most in money too, and quoting buys nothing', async ({ page }) => {
  await page.goto(`${instance.origin}/jobs`);
  await page.getByTestId('job-handles').fill(`ada__${tag}job`);
  await page.getByTestId('job-pages').fill('3');
  await page.getByTestId('job-concurrency').fill('1');
  await page.getByTestId('job-quote').click();
  await expect(page.getByTestId('job-quote-panel')).toBeVisible();
  await expect(page.getByTestId('quote-max')).toContainText('0.3 credits');
  await expect(page.getByTestId('quote-max-money')).toHaveText('$0.0006');
  expect(await upstream.log(tag)).toHaveLength(3);
});
