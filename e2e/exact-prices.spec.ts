import { type BrowserContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { startInstance } from './support/instances.ts';
import { E2E } from './support/ports.ts';
import { settled } from './support/settle.ts';
import { alias, standin } from './support/standin.ts';
import { HEADER } from '../src/contract/headers.ts';

/**
 * Every spending control says, before the click, what the click will do: "0 credits · in this browser",
 * "0 credits · from archive", or a price; and the stand-in's log then shows no call, or exactly one. The
 * same controls are pressed in one browser, after its reload, and in a second browser that holds nothing
 * in its IndexedDB, so each kind of price is seen on the start page, the timeline, search, History and a menu.
 */
type Kind = 'this-browser' | 'archive' | 'buy' | 'blocked';

const WORDS: Record<Exclude<Kind, 'buy'>, RegExp> = {
  'this-browser': /^0 credits · in this browser$/,
  archive: /^0 credits · from archive$/,
  // Reached, or what the limit leaves is less than the price (#33): no price either way.
  blocked: /^((operator's|your) limit reached|over (operator's|your) limit · \d+(\.\d+)? left)$/,
};
const PRICE = /^\d+\.\d+ credits$/;

/** Each page is bought by a click here: auto-load stays off, so a Load more that scrolls the end into view buys nothing more. */
async function clicksOnly(context: BrowserContext) {
  await context.addInitScript(() => window.localStorage.setItem('creditscope-timeline-autoload', 'off'));
}

/** The stand-in's calls for one subject: a private handle, a unique query, or exactly one stand-in handle. */
function callsFor(subject: string, port?: number): () => Promise<number> {
  return async () =>
    (await standin(port).log(subject)).filter(
      (entry) => entry.query.screen_name === subject || (entry.body as { q?: unknown } | null)?.q === subject,
    ).length;
}

/**
 * Reads the price a control shows once known, checks it is said in the words for its kind, presses the control
 * and checks the stand-in's log: no call for a free price, exactly one for a price. Returns the kind it showed.
 */
async function pressExact(
  page: Page,
  hint: Locator,
  press: () => Promise<unknown>,
  calls: () => Promise<number>,
  expected?: Kind | Kind[],
): Promise<Kind> {
  await expect(hint).not.toHaveAttribute('data-price', 'checking');
  const kind = (await hint.getAttribute('data-price')) as Kind;
  if (expected) expect([expected].flat(), `the price shown by ${hint.toString()}`).toContain(kind);
  await expect(hint).toHaveText(kind === 'buy' ? PRICE : WORDS[kind]);
  const before = await calls();
  await press();
  if (kind === 'buy') await expect.poll(calls).toBe(before + 1);
  await settled(page);
  expect(await calls(), `calls after pressing a control priced "${kind}"`).toBe(before + (kind === 'buy' ? 1 : 0));
  return kind;
}

const startHandle = (page: Page) => page.getByLabel('Handle, @handle, numeric id or profile URL');
const openButton = (page: Page) => page.getByTestId('start-open-timeline');
const loadMore = (page: Page) => page.getByTestId('paging-footer').getByRole('button', { name: /^Load more/ });
const posts = (page: Page) => page.locator('article');

async function openFromStart(page: Page, handle: string, calls: () => Promise<number>, expected: Kind) {
  await page.goto('/');
  await startHandle(page).fill(handle);
  await pressExact(
    page,
    openButton(page).getByTestId('cost-hint-timeline'),
    async () => {
      await openButton(page).click();
      await expect(page.getByTestId('profile-header')).toBeVisible();
    },
    calls,
    expected,
  );
}

/** How many pages the timeline on screen holds ("40 posts from 2 pages"). */
async function pagesShown(page: Page): Promise<number> {
  const text = (await page.getByTestId('spend-line').textContent()) ?? '';
  return Number(/from (\d+) pages?/.exec(text)?.[1] ?? 0);
}

async function loadMoreExact(page: Page, calls: () => Promise<number>, expected: Kind) {
  const shown = await pagesShown(page);
  const button = loadMore(page);
  await pressExact(
    page,
    button.getByTestId('cost-hint-timeline'),
    async () => {
      await button.click();
      await expect.poll(() => pagesShown(page)).toBe(shown + 1);
    },
    calls,
    expected,
  );
}

async function searchFromStart(page: Page, q: string, calls: () => Promise<number>, expected: Kind | Kind[]) {
  await page.goto('/');
  await page.getByLabel('Search query').fill(q);
  const button = page.getByTestId('start-search');
  await pressExact(
    page,
    button.getByTestId('cost-hint-search'),
    async () => {
      await button.click();
      await expect(page.getByTestId('search-result').first()).toBeVisible();
    },
    calls,
    expected,
  );
}

async function pagerExact(page: Page, which: 'next' | 'previous', calls: () => Promise<number>, expected: Kind) {
  const button = page.getByTestId(`pager-${which}`);
  const url = page.url();
  await pressExact(
    page,
    button.getByTestId('cost-hint-search'),
    async () => {
      await button.click();
      await expect(page).not.toHaveURL(url);
      await expect(page.getByTestId('search-result').first()).toBeVisible();
    },
    calls,
    expected,
  );
}

async function refreshExact(page: Page, calls: () => Promise<number>) {
  const button = page.getByTestId('search-refresh');
  await pressExact(page, button.getByTestId('cost-hint-search'), () => button.click(), calls, 'buy');
}

async function checkNewExact(page: Page, calls: () => Promise<number>) {
  const button = page.getByTestId('check-new-posts');
  await pressExact(
    page,
    button.getByTestId('cost-hint-timeline'),
    async () => {
      await button.click();
      await expect(page.getByTestId('check-result')).not.toBeEmpty();
    },
    calls,
    'buy',
  );
}

async function historyOpenExact(page: Page, handle: string, calls: () => Promise<number>, expected: Kind) {
  await page.goto('/history');
  const row = page.getByTestId('history-subject').filter({ hasText: `@${handle}` });
  const open = row.getByTestId('history-open');
  await pressExact(
    page,
    open.getByTestId('cost-hint-timeline'),
    async () => {
      await open.click();
      await expect(page.getByTestId('profile-header')).toBeVisible();
    },
    calls,
    expected,
  );
}

/**
 * A collection job over one handle: its quote, then Start, which says "0 credits · from archive" when the archive
 * holds every page and the most it can spend otherwise; the log then shows exactly the pages it said it would buy.
 */
async function jobExact(page: Page, handle: string, pages: number, calls: () => Promise<number>, free: boolean) {
  await page.goto('/jobs');
  await page.getByTestId('job-handles').fill(handle);
  await page.getByTestId('job-pages').fill(String(pages));
  await page.getByTestId('job-quote').click();
  const start = page.getByTestId('job-start');
  await expect(start).toHaveText(
    free ? 'Start job · 0 credits · from archive' : /^Start job · at most \d+\.\d+ credits$/,
  );
  const toBuy = Number(await page.getByTestId('quote-to-buy').textContent());
  expect(toBuy === 0).toBe(free);
  const before = await calls();
  await start.click();
  await expect(page.getByTestId('job-view')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await settled(page);
  expect(await calls(), 'calls made by a job quoted at this many pages to buy').toBe(before + toBuy);
}

/** The start page and History say the same number of pages bought of a user (History's count: every browser's). */
async function pagesAgree(page: Page, handle: string) {
  await page.goto('/history');
  const subject = page.getByTestId('history-subject').filter({ hasText: `@${handle}` });
  await expect(subject).toContainText(/\d+ pages? · last bought/);
  // The row's text runs on from the name: read what follows it.
  const after = ((await subject.textContent()) ?? '').split(`@${handle}`)[1] ?? '';
  const said = /^(\d+ pages?) · last bought/.exec(after)![1]!;
  await page.goto('/');
  const row = page.getByTestId('bought-timeline').filter({ hasText: `@${handle}` });
  await expect(row.getByTestId('bought-timeline-pages')).toContainText(
    new RegExp(`^${said}( \\(\\d+ in this browser\\))? · \\d+ posts · last bought `),
  );
}

test('every spending control shows "0 credits" exactly when no call follows, and a price exactly when one does: one browser, its reload, a second browser', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const handle = alias('ada', 'exact');
  const q = `exact-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const timelineCalls = callsFor(handle);
  const searchCalls = callsFor(q);

  const first = await browser.newContext();
  await clicksOnly(first);
  const page = await first.newPage();
  // Start page Open, Load more, Check for new posts: each buys one page.
  await openFromStart(page, handle, timelineCalls, 'buy');
  await loadMoreExact(page, timelineCalls, 'buy');
  await checkNewExact(page, timelineCalls);
  // A menu: whatever it says of @grace (another test may have bought her), the log agrees.
  const mention = posts(page).getByRole('button', { name: '@grace', exact: true }).first();
  await mention.click();
  const openGrace = page.getByRole('dialog', { name: '@grace' }).getByTestId('open-timeline');
  await pressExact(
    page,
    openGrace.getByTestId('cost-hint-timeline'),
    async () => {
      await openGrace.click();
      await expect(page.getByTestId('profile-header')).toContainText('Grace Hopper');
    },
    callsFor('grace'),
  );
  // Search, its next page, the page before (held here), Refresh (always a call).
  await searchFromStart(page, q, searchCalls, 'buy');
  await pagerExact(page, 'next', searchCalls, 'buy');
  await pagerExact(page, 'previous', searchCalls, 'this-browser');
  await refreshExact(page, searchCalls);
  // History and the start page open what this browser holds.
  await historyOpenExact(page, handle, timelineCalls, 'this-browser');
  await pagesAgree(page, handle);

  // After a reload, from IndexedDB: the same pages are still this browser's, the next one is bought.
  await page.reload();
  await openFromStart(page, handle, timelineCalls, 'this-browser');
  await loadMoreExact(page, timelineCalls, 'buy');
  await searchFromStart(page, q, searchCalls, 'this-browser');
  await first.close();

  // A second browser holds nothing of its own: what the first bought comes from the archive, free.
  const second = await browser.newContext();
  await clicksOnly(second);
  const other = await second.newPage();
  await historyOpenExact(other, handle, timelineCalls, 'archive');
  await loadMoreExact(other, timelineCalls, 'archive');
  await loadMoreExact(other, timelineCalls, 'archive');
  await loadMoreExact(other, timelineCalls, 'buy');
  await checkNewExact(other, timelineCalls);
  await openFromStart(other, handle, timelineCalls, 'this-browser');
  // This browser holds fewer pages than were bought: the start page says History's count, and how many are here.
  await pagesAgree(other, handle);
  await searchFromStart(other, q, searchCalls, 'archive');
  await pagerExact(other, 'next', searchCalls, 'archive');
  await refreshExact(other, searchCalls);
  // Jobs: the first page is in the archive (free), six pages need some bought.
  await jobExact(other, handle, 1, timelineCalls, true);
  await jobExact(other, handle, 6, timelineCalls, false);
  await second.close();
});

test('with a limit reached, or less left than its price, a control that would buy says why, links to Credits and offers no price, and pressing it calls nothing; archived pages stay free, and a price that fits buys', async ({
  browser,
}) => {
  const instance = await startInstance(E2E.pricesApp, {
    API_BASE_URL: `http://127.0.0.1:${E2E.upstreamStandin}`,
    API_TOKEN: E2E.token,
    CREDITSCOPE_DATA_DIR: `${process.env.CREDITSCOPE_E2E_DIR}/exact-prices-${Date.now()}`,
  });
  const upstream = E2E.upstreamStandin;
  const bought = alias('ada', 'exactlimit');
  const never = alias('grace', 'exactlimit');
  try {
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${instance.origin}${path}`, {
        ...init,
        headers: { [HEADER.client]: '1', 'content-type': 'application/json' },
      });
    // One page bought, and a personal limit of what it cost: the next purchase would be refused.
    expect((await api(`/api/v1/social/microblog/posts?screen_name=${bought}`)).status).toBe(200);
    expect((await api('/api/_session/budget', { method: 'PUT', body: JSON.stringify({ limit: '0.1' }) })).status).toBe(
      200,
    );

    const context = await browser.newContext({ baseURL: instance.origin });
    await clicksOnly(context);
    const page = await context.newPage();
    await page.goto('/');
    await startHandle(page).fill(never);
    const hint = openButton(page).getByTestId('cost-hint-timeline');
    await expect(hint).toHaveAttribute('data-price', 'blocked');
    await expect(hint).toHaveText('your limit reached');
    const note = page.getByRole('search', { name: 'Open a timeline' }).getByTestId('blocked-note');
    await expect(note).toContainText('your credit limit for this session is reached');
    await expect(note.getByRole('link', { name: 'Change it on Credits' })).toHaveAttribute('href', '/credits');

    // The page bought before is still free: the archive serves before the budget is read.
    const boughtCalls = callsFor(bought, upstream);
    await startHandle(page).fill(bought);
    await pressExact(
      page,
      hint,
      async () => {
        await openButton(page).click();
        await expect(page.getByTestId('profile-header')).toBeVisible();
      },
      boughtCalls,
      'archive',
    );
    // Its next page and a check for new posts would need a call: no price, the reason and the way to Credits.
    // Pressed anyway, the server refuses before anything is sent, and says whose limit it is.
    const refused = page.locator('[data-testid="error-panel"][data-kind="budget"]');
    for (const control of [loadMore(page), page.getByTestId('check-new-posts')]) {
      await pressExact(
        page,
        control.getByTestId('cost-hint-timeline'),
        async () => {
          await control.click();
          await expect(refused.first()).toContainText('Your credit limit of 0.1 for this session is reached');
        },
        boughtCalls,
        'blocked',
      );
      await expect(page.getByTestId('blocked-note').first().getByRole('link')).toHaveAttribute('href', '/credits');
    }
    // And the Open of a page nobody bought: no price, no call.
    await page.goto('/');
    await startHandle(page).fill(never);
    await pressExact(
      page,
      hint,
      async () => {
        await openButton(page).click();
        await expect(refused.first()).toBeVisible();
      },
      callsFor(never, upstream),
      'blocked',
    );
    expect(await boughtCalls()).toBe(1);

    // #33: 0.1 left of a limit of 0.4, a search at 0.2 and a page at 0.1. The search does not fit: no price, the
    // reason, and pressed anyway nothing is sent; the page fits and is bought, and the limit is then reached exactly.
    expect((await api('/api/_session/budget', { method: 'PUT', body: JSON.stringify({ limit: null }) })).status).toBe(
      200,
    );
    const bought2 = { method: 'POST', body: JSON.stringify({ q: `${bought}-search` }) };
    expect((await api('/api/v1/search', bought2)).status).toBe(200);
    expect((await api('/api/_session/budget', { method: 'PUT', body: JSON.stringify({ limit: '0.4' }) })).status).toBe(
      200,
    );
    const q = `exactleft-${Date.now().toString(36)}`;
    await page.goto('/');
    await page.getByLabel('Search query').fill(q);
    const searchHint = page.getByTestId('start-search').getByTestId('cost-hint-search');
    await expect(searchHint).toHaveText('over your limit · 0.1 left');
    await expect(
      page.getByTestId('blocked-note').filter({ hasText: 'this call costs more than the 0.1 credits' }),
    ).toContainText('your credit limit for this session leaves');
    await pressExact(
      page,
      searchHint,
      async () => {
        await page.getByTestId('start-search').click();
        await expect(refused.first()).toContainText(
          "Your credit limit of 0.4 for this session leaves 0.1 credits (0.3 spent), less than this call's price of 0.2",
        );
      },
      callsFor(q, upstream),
      'blocked',
    );
    await page.goto('/');
    await startHandle(page).fill(never);
    await pressExact(
      page,
      hint,
      async () => {
        await openButton(page).click();
        await expect(page.getByTestId('profile-header')).toBeVisible();
      },
      callsFor(never, upstream),
      'buy',
    );
    await expect(page.getByTestId('meter-budget')).toContainText('limit reached');
    expect(await callsFor(q, upstream)()).toBe(0);
    await context.close();
  } finally {
    await instance.stop();
  }
});
