import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import { E2E } from './support/ports.ts';
import { alias, standin } from './support/standin.ts';

/**
 * The budget app (CREDIT_LIMIT=0.25, its own ledger, the standalone stand-in upstream) serves every test
 * here, one at a time: exact totals need a ledger no other spec writes to.
 */
const app = `http://127.0.0.1:${E2E.budgetApp}`;
test.use({ baseURL: app });
test.describe.configure({ mode: 'serial' });

const HEADERS = { 'x-creditscope-client': '1' };
const upstream = standin(E2E.upstreamStandin);

async function freshSession(request: APIRequestContext, limit: string | null) {
  expect((await request.post(`${app}/api/_session/new`, { headers: HEADERS, data: {} })).ok()).toBe(true);
  expect((await request.put(`${app}/api/_session/budget`, { headers: HEADERS, data: { limit } })).ok()).toBe(true);
}

const budgetError = (page: Page) => page.getByText(/Credit budget reached/i).first();

/**
 * Pages deeper with the page's own Load more button, stopping early if the budget refuses a page;
 * falls back to calling the API from the page when the button is not there.
 */
async function loadMore(page: Page, handle: string, times: number): Promise<'button' | 'api'> {
  let via: 'button' | 'api' = 'button';
  for (let index = 0; index < times; index += 1) {
    if (await budgetError(page).isVisible()) return via;
    const before = await page.locator('article').count();
    const button = page.getByRole('button', { name: /Load more/i });
    if (await button.isEnabled({ timeout: 2_000 }).catch(() => false)) {
      await button.click({ timeout: 5_000 });
      await expect.poll(async () => (await page.locator('article').count()) > before || (await budgetError(page).isVisible())).toBe(true);
    } else {
      via = 'api';
      await page.evaluate(async (name) => {
        await fetch(`/api/v1/social/microblog/posts?screen_name=${name}`, { headers: { 'x-creditscope-client': '1' } });
      }, handle);
    }
  }
  return via;
}

test('the credits page shows the exact total, breakdown, chart and ledger after browsing; a second tab agrees', async ({ page, context, request }) => {
  await freshSession(request, null);
  const handle = alias('ada', 'creditstotal');
  const query = `${handle} engines`;

  const second = await context.newPage();
  await second.goto('/credits');
  await expect(second.getByTestId('meter-total')).toHaveText('0');

  await page.goto(`/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  // The meter follows responses the app receives; a page fetched with a bare fetch() shows at the next read.
  if (await loadMore(page, handle, 2) === 'button') await expect(page.getByTestId('meter-total')).toHaveText('0.3');
  await page.goto(`/search?q=${encodeURIComponent(query)}`);
  await expect(page.getByTestId('meter-total')).toHaveText('0.5');
  expect(await upstream.log(handle)).toHaveLength(4);

  // The other tab hears about every paid call without a reload.
  await expect(second.getByTestId('meter-total')).toHaveText('0.5');
  await expect(second.getByTestId('meter-calls')).toHaveText('4 calls');

  await page.goto('/credits');
  await expect(page.getByTestId('credits-total')).toHaveText('0.5');
  await expect(page.getByTestId('credits-calls')).toHaveText('4');
  await expect(page.getByTestId('breakdown-timeline')).toContainText(/3\s*0\.3/);
  await expect(page.getByTestId('breakdown-search')).toContainText(/1\s*0\.2/);
  await expect(page.getByTestId('spend-summary')).toContainText('0.5 credits over 4 paid calls');
  await expect(page.getByTestId('ledger-row')).toHaveCount(4);
  await expect(page.getByTestId('credits-mode')).toHaveText('Upstream API');

  await page.getByRole('combobox', { name: 'Operation' }).selectOption('search');
  await expect(page.getByTestId('ledger-row')).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Operation' }).selectOption('all');
  await page.getByRole('searchbox', { name: 'Contains' }).fill(handle);
  await expect(page.getByTestId('ledger-row')).toHaveCount(4);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = fs.readFileSync(await (await download).path(), 'utf8').trim().split('\r\n');
  expect(csv[0]).toMatch(/^id,session,at,operation,status,ok,credits/);
  expect(csv).toHaveLength(5);
  await second.close();
});

test('the request inspector shows the call as sent and its raw response; Copy as curl never holds the token', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app });
  await page.goto('/credits');
  await expect(page.getByTestId('ledger-row')).toHaveCount(4);

  // Newest first: the search. Keyboard: focus the row's button and press Enter.
  await page.getByTestId('ledger-row').first().getByRole('button').focus();
  await page.keyboard.press('Enter');
  const inspector = page.getByTestId('request-inspector');
  await expect(inspector).toBeVisible();
  await expect(inspector.getByTestId('inspector-request')).toHaveText('POST /v1/search');
  await expect(inspector.getByTestId('inspector-facts')).toContainText('200 OK');
  await expect(inspector.getByTestId('response-tree')).toContainText('"credits": 0.2');
  const curl = inspector.getByTestId('curl-command');
  await expect(curl).toContainText(`curl -X POST "$API_BASE_URL/v1/search" -H "Authorization: Bearer $API_TOKEN" -H 'Content-Type: application/json' -d '{"q":"`);
  await inspector.getByRole('button', { name: 'Copy as curl' }).click();
  await expect(inspector.getByText(/^Copied/)).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('$API_TOKEN');
  expect(copied).not.toContain(E2E.token);
  expect(await page.content()).not.toContain(E2E.token);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ')}`)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(inspector).toBeHidden();

  // A click on a timeline row: GET with its parameters in the URL.
  await page.getByTestId('ledger-row').last().click();
  await expect(inspector.getByTestId('inspector-request')).toHaveText('GET /v1/social/microblog/posts');
  await expect(inspector.getByTestId('curl-command')).toContainText('curl "$API_BASE_URL/v1/social/microblog/posts?screen_name=ada__');
  await expect(inspector.getByTestId('response-tree')).toContainText('"success": true');
});

test('with CREDIT_LIMIT=0.25 at most 3 paid calls reach the upstream and the UI says the budget is reached', async ({ page, context, request }) => {
  await freshSession(request, '0.25');
  const handle = alias('ada', 'budgete2e');
  const second = await context.newPage();
  await second.goto('/credits');
  await expect(second.getByTestId('meter-budget')).toHaveText('0.25 of 0.25 left');

  await page.goto(`/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  if (await loadMore(page, handle, 5) === 'button') await expect(budgetError(page)).toBeVisible();
  else await page.reload();
  expect((await upstream.log(handle)).length).toBeLessThanOrEqual(3);
  await expect(page.getByTestId('meter-total')).toHaveText('0.3');
  await expect(page.getByTestId('meter-budget')).toHaveText(/budget reached/);
  await expect(page.getByTestId('credit-meter')).toHaveAttribute('data-budget-reached', 'true');

  // The other tab, already open on the credits page, says it too and offers the ways out.
  await expect(second.getByTestId('meter-total')).toHaveText('0.3');
  await expect(second.getByTestId('budget-reached')).toHaveText('Budget reached: paid calls are refused until you raise the limit here, clear it, or start a new session.');

  // Raising the limit from the UI lets paid calls through again, and the first tab's meter follows.
  await second.getByLabel('New limit (credits)').fill('1');
  await second.getByRole('button', { name: 'Set limit' }).click();
  await expect(second.getByTestId('budget-reached')).toBeHidden();
  await expect(page.getByTestId('meter-budget')).toHaveText('0.7 of 1 left');
  const status = await page.evaluate(async (name) => (await fetch(`/api/v1/social/microblog/posts?screen_name=${name}`, { headers: { 'x-creditscope-client': '1' } })).status, handle);
  expect(status).toBe(200);

  // New session: back to 0, the old one kept.
  await second.getByRole('button', { name: 'New session' }).click();
  await second.getByRole('button', { name: 'Start new session' }).click();
  await expect(second.getByTestId('credits-total')).toHaveText('0');
  await expect(second.getByTestId('past-sessions').locator('li').first()).toContainText('0.4 credits');
  await expect(page.getByTestId('meter-total')).toHaveText('0');
  await second.close();
});
