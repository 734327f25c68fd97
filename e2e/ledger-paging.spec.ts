import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import fs from 'node:fs';
import { startInstance } from './support/instances.ts';
import { E2E } from './support/ports.ts';
import { alias, standin } from './support/standin.ts';
import { HEADER } from '../src/contract/headers.ts';

/**
 * An instance of its own, so its ledger holds exactly the calls bought here: 130 timeline pages at 0.1,
 * under an operator limit of 100 a day that warns from 10 credits.
 */
const upstream = standin(E2E.upstreamStandin);
const HEADERS = { [HEADER.client]: '1' };
const CALLS = 130;
let instance: Awaited<ReturnType<typeof startInstance>>;
let tag = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  instance = await startInstance(E2E.ledgerApp, {
    API_BASE_URL: `http://127.0.0.1:${E2E.upstreamStandin}`,
    API_TOKEN: E2E.token,
    CREDIT_LIMIT: '100',
    CREDIT_LIMIT_PERIOD: 'day',
    CREDIT_WARN_AT: '10',
    CREDITSCOPE_DATA_DIR: `${process.env.CREDITSCOPE_E2E_DIR}/ledger-paging-${Date.now()}`,
  });
  tag = alias('ada', 'ledgerpaging').split('__')[1]!;
  // Bought quickly through the API, ten at a time: distinct pages of distinct aliases of Ada.
  for (let start = 0; start < CALLS; start += 10) {
    const statuses = await Promise.all(
      Array.from(
        { length: 10 },
        async (_, index) =>
          (
            await fetch(`${instance.origin}/api/v1/social/microblog/posts?screen_name=ada__${tag}${start + index}`, {
              headers: HEADERS,
            })
          ).status,
      ),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
  }
  expect(await upstream.log(tag)).toHaveLength(CALLS);
});

test.afterAll(async () => {
  await instance?.stop();
});

async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), text: fs.readFileSync(await file.path(), 'utf8') };
}

test('the ledger shows the newest 100 calls, loads the older ones free, and exports what is loaded', async ({
  page,
}) => {
  await page.goto(`${instance.origin}/credits`);
  const ledger = page.getByRole('region', { name: 'Ledger' });
  await expect(page.getByTestId('ledger-count')).toHaveText(`100 of ${CALLS} calls loaded`);
  await expect(ledger.locator('tbody tr')).toHaveCount(100);

  await page.getByTestId('load-older-calls').click();
  await expect(page.getByTestId('ledger-count')).toHaveText(`${CALLS} calls`);
  await expect(ledger.locator('tbody tr')).toHaveCount(CALLS);
  await expect(page.getByTestId('load-older-calls')).toHaveCount(0);

  const csv = await download(page, () => ledger.getByRole('button', { name: 'Export CSV' }).click());
  const lines = csv.text.trim().split('\r\n');
  expect(lines).toHaveLength(CALLS + 1);
  expect(new Set(lines.slice(1).map((line) => /ada__\w+/.exec(line)?.[0])).size).toBe(CALLS);

  // Reading the ledger, page after page, bought nothing.
  expect(await upstream.log(tag)).toHaveLength(CALLS);
});

test('Export period downloads the ledger and the archive of the chosen days, streamed by the server', async ({
  page,
}) => {
  await page.goto(`${instance.origin}/credits`);
  const period = page.getByRole('region', { name: 'Export a period' });
  const today = new Date().toISOString().slice(0, 10);
  await period.getByLabel('From (UTC day)').fill(today);
  await period.getByLabel('To (UTC day, included)').fill(today);

  const csv = await download(page, () => period.getByRole('button', { name: 'Ledger CSV' }).click());
  expect(csv.name).toBe(`creditscope-ledger-${today}_${today}.csv`);
  expect(csv.text.trim().split('\r\n')).toHaveLength(CALLS + 1);

  const json = await download(page, () => period.getByRole('button', { name: 'Ledger JSON' }).click());
  const rows = JSON.parse(json.text) as { operation: string; credits: string }[];
  expect(rows).toHaveLength(CALLS);
  expect(rows.every((row) => row.operation === 'timeline' && row.credits === '0.1')).toBe(true);

  const archive = await download(page, () => period.getByRole('button', { name: 'Archive NDJSON' }).click());
  expect(archive.name).toBe(`creditscope-archive-${today}_${today}.ndjson`);
  const pages = archive.text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { params: { screen_name: string }; answer: { data?: unknown } });
  expect(pages).toHaveLength(CALLS);
  expect(pages.every((entry) => entry.params.screen_name.startsWith(`ada__${tag}`) && entry.answer.data)).toBe(true);

  // A day before anything was bought holds nothing.
  await period.getByLabel('From (UTC day)').fill('2020-01-01');
  await period.getByLabel('To (UTC day, included)').fill('2020-01-01');
  const empty = await download(page, () => period.getByRole('button', { name: 'Ledger JSON' }).click());
  expect(JSON.parse(empty.text)).toEqual([]);
  expect(await upstream.log(tag)).toHaveLength(CALLS);
});

test('the meter counts the operator limit per day and turns amber, in words too, past the warning', async ({
  page,
}) => {
  await page.goto(`${instance.origin}/credits`);
  const meter = page.getByTestId('credit-meter');
  await expect(page.getByTestId('meter-budget')).toHaveText(/^▲ 13 of 100 today/);
  await expect(meter).toHaveAttribute('data-budget-warning', 'true');
  await expect(meter).toHaveAttribute(
    'aria-label',
    /13 of the operator's 100 credits spent today\. Warning: close to the server operator's limit \(warns at 10\)/,
  );
  await expect(page.getByTestId('budget-warning')).toContainText(
    "Close to the server operator's limit (amber from 10 credits spent today)",
  );
  await expect(page.getByTestId('operator-limit-left')).toHaveText('87');
  await expect(page.getByTestId('operator-limit')).toContainText('87 left today');
});
