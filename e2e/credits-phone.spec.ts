import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { startInstance } from './support/instances.ts';
import { E2E } from './support/ports.ts';
import { HEADER } from '../src/contract/headers.ts';

/**
 * The Credits page on a 375 px phone, over a ledger of its own: 150 calls, a third of them searches for
 * long, unbroken terms (the kind that pushes a table or a card past the screen's edge).
 */
const HEADERS = { [HEADER.client]: '1', 'content-type': 'application/json' };
const SEARCHES = 50;
const TIMELINES = 100;
const longTerm = (index: number) =>
  `supercalifragilisticexpialidocious${index}-analyticalengine-differenceengine-${'x'.repeat(40)}`;
let instance: Awaited<ReturnType<typeof startInstance>>;

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  instance = await startInstance(E2E.phoneApp, {
    API_BASE_URL: `http://127.0.0.1:${E2E.upstreamStandin}`,
    API_TOKEN: E2E.token,
    CREDITSCOPE_DATA_DIR: `${process.env.CREDITSCOPE_E2E_DIR}/credits-phone-${Date.now()}`,
  });
  const tag = Date.now().toString(36);
  const buy = (index: number) =>
    index < SEARCHES
      ? fetch(`${instance.origin}/api/v1/search`, {
          method: 'POST',
          headers: HEADERS,
          body: JSON.stringify({ q: longTerm(index) }),
        })
      : fetch(`${instance.origin}/api/v1/social/microblog/posts?screen_name=ada__phone${tag}${index}`, {
          headers: HEADERS,
        });
  for (let start = 0; start < SEARCHES + TIMELINES; start += 10) {
    const statuses = await Promise.all(
      Array.from({ length: 10 }, async (_, offset) => (await buy(start + offset)).status),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
  }
});

test.afterAll(async () => {
  await instance?.stop();
});

/** Nothing wider than the screen: no sideways scrolling of the page. */
async function fitsTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test('the ledger is a list of cards with every parameter in full, and nothing overflows the screen', async ({
  page,
}) => {
  await page.goto(`${instance.origin}/credits`);
  await expect(page.getByTestId('ledger-count')).toHaveText(`100 of ${SEARCHES + TIMELINES} calls loaded`);
  await expect(page.getByTestId('ledger-table')).toHaveCount(0);
  await expect(page.getByTestId('ledger-cards').getByTestId('ledger-row')).toHaveCount(100);
  await fitsTheScreen(page);

  await page.getByTestId('load-older-calls').click();
  await expect(page.getByTestId('ledger-count')).toHaveText(`${SEARCHES + TIMELINES} calls`);
  const card = page.getByTestId('ledger-row').filter({ hasText: longTerm(7) });
  // The whole term is there to read, in words ("“term” page 1"), wrapped inside the card.
  await expect(card).toContainText(`“${longTerm(7)}” page 1`);
  const box = (await card.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await fitsTheScreen(page);

  // A long term in the filter, and a sort the table's headers would give.
  await page.getByRole('searchbox', { name: 'Contains' }).fill(longTerm(7));
  await expect(page.getByTestId('ledger-row')).toHaveCount(1);
  await fitsTheScreen(page);
  await page.getByRole('searchbox', { name: 'Contains' }).fill('');
  await page.getByLabel('Sort').selectOption({ label: 'Most credits' });
  await expect(page.getByTestId('ledger-row').first()).toContainText('0.2 credits');
});

test('the spend chart is drawn for the phone: 12 px labels, the two times apart', async ({ page }) => {
  await page.goto(`${instance.origin}/credits`);
  const chart = page.getByTestId('spend-chart');
  await expect(chart).toBeVisible();
  const box = (await chart.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  const labels = await chart.locator('text').evaluateAll((nodes) =>
    nodes.map((node) => {
      const rect = node.getBoundingClientRect();
      return {
        text: node.textContent ?? '',
        size: parseFloat(getComputedStyle(node).fontSize),
        left: rect.left,
        right: rect.right,
        height: rect.height,
      };
    }),
  );
  // Not a 900 px drawing scaled down (its 13 px labels became 5 px): every label is drawn at its own size.
  for (const label of labels) expect(label.height, label.text).toBeGreaterThanOrEqual(11);
  const times = labels.filter((label) => /\d:\d\d/.test(label.text));
  expect(times).toHaveLength(2);
  expect(times[0]!.right).toBeLessThan(times[1]!.left);
  await fitsTheScreen(page);
});

test('a card opens the request inspector, which fits the screen too', async ({ page }) => {
  await page.goto(`${instance.origin}/credits`);
  // The searches were bought first: they are among the older calls.
  await page.getByTestId('load-older-calls').click();
  await page.getByRole('searchbox', { name: 'Contains' }).fill(longTerm(3));
  await page.getByTestId('ledger-row').first().getByRole('button').click();
  const dialog = page.getByTestId('request-inspector');
  await expect(dialog.getByTestId('inspector-params')).toContainText(longTerm(3));
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  // Nothing inside the dialog is wider than it: long values wrap.
  expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await fitsTheScreen(page);
});
