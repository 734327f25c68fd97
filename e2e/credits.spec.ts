import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import fs from 'node:fs';
import { E2E } from './support/ports.ts';
import { settled } from './support/settle.ts';
import { alias, standin } from './support/standin.ts';
import { HEADER } from '../src/contract/headers.ts';
import { wcagViolations } from './support/axe.ts';

/**
 * Exact totals need a ledger no other spec writes to and no operator limit: the credits app (upstream
 * mode, no CREDIT_LIMIT) serves those tests, one at a time. The operator's limit is tested on the
 * budget app (CREDIT_LIMIT=0.3 since that server started), which e2e/operator-cap.spec.ts spends from too.
 */
const app = `http://127.0.0.1:${E2E.creditsApp}`;
const budgetApp = `http://127.0.0.1:${E2E.budgetApp}`;
test.use({ baseURL: app });
test.describe.configure({ mode: 'serial' });

const HEADERS = { [HEADER.client]: '1' };
const upstream = standin(E2E.upstreamStandin);

// Every page here is bought by a click, so the counts are the clicks': auto-load is off, as the timeline's
// own checkbox turns it off (otherwise a page bought as the end of the list stays in view joins them).
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem('creditscope-timeline-autoload', 'off'));
});

/** A new session at 0 with no personal limit (the credits app has no operator limit). */
async function freshSession(request: APIRequestContext) {
  expect((await request.post(`${app}/api/_session/new`, { headers: HEADERS, data: {} })).ok()).toBe(true);
  expect((await request.put(`${app}/api/_session/budget`, { headers: HEADERS, data: { limit: null } })).ok()).toBe(
    true,
  );
}

/** The error a refused paid call shows on the timeline: "Credit budget reached", with the server's reason. */
const refusal = (page: Page) => page.locator('[data-testid="error-panel"][data-kind="budget"]');

/** "40 posts from 2 pages": how many pages of this timeline are on screen. */
async function pagesShown(page: Page): Promise<number> {
  const text = await page.getByTestId('spend-line').textContent();
  const match = /from (\d+) pages?/.exec(text ?? '');
  expect(match, `spend line "${text}"`).not.toBeNull();
  return Number(match![1]);
}

/**
 * Clicks the page's own Load more button and waits until a page more is shown, or the purchase is
 * refused. The button must be there: without it, nothing the user could do was tested. Auto-load may
 * buy a page of its own meanwhile (the button sits by the sentinel), so "at least one more" is the outcome.
 */
async function loadMore(page: Page) {
  const before = await pagesShown(page);
  const button = page.getByTestId('paging-footer').getByRole('button', { name: /Load more/ });
  await expect(button).toBeEnabled();
  await button.click({ timeout: 5_000 }).catch(() => undefined);
  await expect
    .poll(async () => (await refusal(page).isVisible()) || (await pagesShown(page)) > before, {
      message: `a page more than ${before}, or a refusal`,
    })
    .toBe(true);
}

/** Loads more until a limit refuses a page; returns how many pages were on screen then. */
async function loadUntilRefused(page: Page, atMost: number): Promise<number> {
  for (let clicks = 0; !(await refusal(page).isVisible()); clicks += 1) {
    expect(clicks, `a limit should have refused a page within ${atMost} clicks`).toBeLessThan(atMost);
    await loadMore(page);
  }
  return (await page.getByTestId('spend-line').count()) === 0 ? 0 : pagesShown(page);
}

test('the credits page shows the exact total, breakdown, chart and ledger after browsing; a second tab agrees', async ({
  page,
  context,
  request,
}) => {
  await freshSession(request);
  const handle = alias('ada', 'creditstotal');
  const query = `${handle} engines`;

  const second = await context.newPage();
  await second.goto('/credits');
  await expect(second.getByTestId('meter-total')).toHaveText('0');

  // The user looks at the tab they click in: Chromium stops rendering a tab hidden behind another, and a click needs frames.
  await page.bringToFront();
  await page.goto(`/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  await loadMore(page);
  await loadMore(page);
  await expect(refusal(page)).toHaveCount(0);
  await expect(page.getByTestId('meter-total')).toHaveText('0.3');
  await page.goto(`/search?q=${encodeURIComponent(query)}`);
  await expect(page.getByTestId('meter-total')).toHaveText('0.5');
  await settled(page);
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
  await expect(page.getByTestId('operator-limit')).toContainText('No limit set by the server operator.');

  await page.getByRole('combobox', { name: 'Operation' }).selectOption('search');
  await expect(page.getByTestId('ledger-row')).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Operation' }).selectOption('all');
  await page.getByRole('searchbox', { name: 'Contains' }).fill(handle);
  await expect(page.getByTestId('ledger-row')).toHaveCount(4);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = fs
    .readFileSync(await (await download).path(), 'utf8')
    .trim()
    .split('\r\n');
  expect(csv[0]).toMatch(/^id,session,at,operation,status,ok,credits/);
  expect(csv).toHaveLength(5);
  await second.close();
});

test('the request inspector shows the call as sent and its raw response; Copy as curl never holds the token', async ({
  page,
  context,
}) => {
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
  const curl = inspector.getByTestId('copy-as-text');
  await expect(curl).toContainText(
    `curl -X POST "$API_BASE_URL/v1/search" -H "Authorization: Bearer $API_TOKEN" -H 'Content-Type: application/json' -d '{"q":"`,
  );
  await inspector.getByRole('button', { name: 'Copy as curl' }).click();
  await expect(inspector.getByText(/^Copied/)).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('$API_TOKEN');
  expect(copied).not.toContain(E2E.token);
  expect(await page.content()).not.toContain(E2E.token);
  expect(await wcagViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(inspector).toBeHidden();

  // A click on a timeline row: GET with its parameters in the URL.
  await page.getByTestId('ledger-row').last().click();
  await expect(inspector.getByTestId('inspector-request')).toHaveText('GET /v1/social/microblog/posts');
  await expect(inspector.getByTestId('copy-as-text')).toContainText(
    'curl "$API_BASE_URL/v1/social/microblog/posts?screen_name=ada__',
  );
  await expect(inspector.getByTestId('response-tree')).toContainText('"success": true');
});

test.describe('the operator’s limit (CREDIT_LIMIT=0.3)', () => {
  test.use({ baseURL: budgetApp });

  test('no paid call reaches the upstream once it is reached, and the UI says it is the operator’s', async ({
    page,
    context,
  }) => {
    // Other specs spend from the same ceiling, so this buys until refused rather than counting on a fresh one.
    const handle = alias('ada', 'budgete2e');
    const second = await context.newPage();
    await second.goto('/credits');
    await expect(second.getByTestId('operator-limit')).toContainText('Limit set by the server operator: 0.3 credits');

    await page.bringToFront();
    await page.goto(`/timeline?screen_name=${handle}`);
    await expect(page.locator('article').first().or(refusal(page)).first()).toBeVisible();
    // 0.1 a page: at most 3 pages fit under 0.3 since the server started, so the 4th click at the latest is refused.
    const pages = await loadUntilRefused(page, 4);
    await expect(refusal(page)).toContainText('Credit budget reached');
    await expect(refusal(page)).toContainText("The server operator's credit limit of 0.3 in total is reached");
    await settled(page);
    // Every page on screen was one upstream call; the refused one never left the proxy.
    const bought = (await upstream.log(handle)).length;
    expect(bought).toBe(pages);
    expect(bought).toBeLessThanOrEqual(3);

    // The header says whose limit it is, and does not offer to raise or clear it.
    const meter = page.getByTestId('credit-meter');
    await expect(meter).toHaveAttribute('data-budget-reached', 'true');
    await expect(meter).toHaveAttribute('data-reached-by', 'operator');
    await expect(page.getByTestId('meter-budget')).toHaveText(/operator's limit reached/);
    await expect(meter).toHaveAttribute('aria-label', /The server operator's limit of 0\.3 credits is reached/);
    await expect(meter).not.toHaveAttribute('aria-label', /raise|clear|new session/i);
    await expect(meter).toHaveAttribute('title', /Only whoever runs creditscope can change it/);
    await expect(meter).not.toHaveAttribute('title', /raise|clear|new session/i);

    // The other tab, already open on the credits page, says it too, with no way out that does not exist.
    const notice = second.getByTestId('budget-reached');
    await expect(notice).toHaveAttribute('data-reached-by', 'operator');
    await expect(notice).toContainText("The server operator's limit of 0.3 credits is reached");
    await expect(notice).toContainText('cannot be raised from this page');
    await expect(second.getByTestId('operator-limit-left')).toHaveText('0');
    await expect(second.getByTestId('meter-budget')).toHaveText(/operator's limit reached/);

    // Asking again after a reload is refused too, and still nothing reaches the upstream.
    await page.reload();
    await expect(page.locator('article').first().or(refusal(page)).first()).toBeVisible();
    // Pages bought before the reload come back free (from the persisted cache, or the server's archive
    // when the reload cut a cache write short); the first page not yet bought is refused.
    if (!(await refusal(page).isVisible())) await loadUntilRefused(page, pages + 1);
    await expect(refusal(page)).toContainText("The server operator's credit limit of 0.3 in total is reached");
    await settled(page);
    expect(await upstream.log(handle)).toHaveLength(bought);
    await second.close();
  });
});

test('your own limit: reached, raised from the page to let paid calls through, and a new session starts at 0', async ({
  page,
  context,
  request,
}) => {
  await freshSession(request);
  const handle = alias('ada', 'personallimit');
  const second = await context.newPage();
  await second.goto('/credits');
  await second.getByLabel('Your limit (credits)').fill('0.3');
  await second.getByRole('button', { name: 'Set limit' }).click();
  await expect(second.getByTestId('personal-limit')).toContainText('Your limit for this session: 0.3 credits');
  await expect(second.getByTestId('meter-budget')).toHaveText('0.3 of 0.3 left');

  await page.bringToFront();
  await page.goto(`/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  // 0.1 a page from a session at 0: exactly 3 pages fit under 0.3, the 4th is refused before it is sent.
  expect(await loadUntilRefused(page, 4)).toBe(3);
  await expect(refusal(page)).toContainText('Your credit limit of 0.3 for this session is reached');
  await settled(page);
  expect(await upstream.log(handle)).toHaveLength(3);
  await expect(page.getByTestId('meter-total')).toHaveText('0.3');
  await expect(page.getByTestId('meter-budget')).toHaveText(/your limit reached/);
  await expect(page.getByTestId('credit-meter')).toHaveAttribute('data-reached-by', 'personal');

  // The other tab says it too, and offers the ways out that exist for this limit.
  await expect(second.getByTestId('meter-total')).toHaveText('0.3');
  await expect(second.getByTestId('budget-reached')).toHaveAttribute('data-reached-by', 'personal');
  await expect(second.getByTestId('budget-reached')).toHaveText(
    'Your limit of 0.3 credits for this session is reached: paid calls are refused until you raise or clear it below, or start a new session.',
  );

  // Raising the limit from the page lets paid calls through again, and the first tab's meter follows.
  await second.bringToFront();
  await second.getByLabel('Your limit (credits)').fill('1');
  await second.getByRole('button', { name: 'Set limit' }).click();
  await expect(second.getByTestId('budget-reached')).toBeHidden();
  await expect(page.getByTestId('meter-budget')).toHaveText('0.7 of 1 left');
  const next = alias('ada', 'personalraised');
  await page.bringToFront();
  await page.goto(`/timeline?screen_name=${next}`);
  await expect(page.locator('article').first()).toBeVisible();
  await expect(page.getByTestId('meter-total')).toHaveText('0.4');
  expect(await upstream.log(next)).toHaveLength(1);

  // New session: back to 0, the old one kept.
  await second.bringToFront();
  await second.getByRole('button', { name: 'New session' }).click();
  await second.getByRole('button', { name: 'Start new session' }).click();
  await expect(second.getByTestId('credits-total')).toHaveText('0');
  await expect(second.getByTestId('past-sessions').locator('li').first()).toContainText('0.4 credits');
  await expect(page.getByTestId('meter-total')).toHaveText('0');
  await second.close();
});
