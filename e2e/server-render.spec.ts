import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startInstance } from './support/instances.ts';
import { E2E } from './support/ports.ts';
import { persisted, settled } from './support/settle.ts';
import { hydrated } from './support/rendering.ts';
import { alias, standin } from './support/standin.ts';
import { DATE_STYLES } from '../src/contract/dates/date-format.ts';

/**
 * The production server (server rendering is on unless `SSR=0`) renders the first screen of a timeline
 * (server/http/render.ts): the posts are in the HTML, and the app hydrates it with the answer the server
 * inlined, buying nothing again. An instance of its own, in front of the standalone stand-in.
 */
test.describe.configure({ mode: 'serial' });
let app: Awaited<ReturnType<typeof startInstance>>;
const upstream = () => standin(E2E.upstreamStandin);

test.beforeAll(async () => {
  app = await startInstance(E2E.serverRenderApp, {
    SSR: '1',
    API_BASE_URL: `http://127.0.0.1:${E2E.upstreamStandin}`,
    API_TOKEN: E2E.token,
    CREDITSCOPE_DATA_DIR: `${process.env.CREDITSCOPE_E2E_DIR}/${E2E.serverRenderApp}`,
  });
});
test.afterAll(async () => {
  await app?.stop();
});

test('the first posts read without JavaScript, and an archived page costs no upstream call', async ({ browser }) => {
  const handle = alias('ada', 'ssrnojs');
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  // Typed: the server buys it (once) and renders it.
  await page.goto(`${app.origin}/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  expect(await upstream().log(handle)).toHaveLength(1);
  // The meter and the price of every control that spends are in the HTML too, this purchase counted.
  await expect(page.getByTestId('credit-meter')).toBeVisible();
  expect(
    Number(
      await page
        .getByTestId('meter-calls')
        .textContent()
        .then((text) => text?.split(' ')[0]),
    ),
  ).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('check-new-posts')).toContainText('0.1 credits');
  // Load more's page is looked up in the archive while rendering: its price, not "checking price…".
  await expect(page.getByTestId('paging-footer').getByTestId('cost-hint-timeline')).toHaveText('0.1 credits');
  // Now archived: rendered again from the archive, free.
  const again = await context.newPage();
  await again.goto(`${app.origin}/timeline?screen_name=${handle}`);
  await expect(again.locator('article').first()).toBeVisible();
  await expect(again.getByText('from archive').first()).toBeVisible();
  expect(await upstream().log(handle)).toHaveLength(1);
  await context.close();
});

test("with JavaScript the app hydrates the server's page: no console error and no second purchase", async ({
  page,
}) => {
  const handle = alias('ada', 'ssrhydrate');
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const purchases: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/')) purchases.push(request.url());
  });

  await page.goto(`${app.origin}/timeline?screen_name=${handle}`);
  await expect(page.locator('#root[data-server-rendered] article').first()).toBeVisible();
  // Hydrated: a filter (a React handler) changes the address. A click before React runs the page would do nothing.
  await hydrated(page);
  const hideReposts = page.getByRole('checkbox', { name: 'Hide reposts' });
  await hideReposts.check();
  await expect(page).toHaveURL(/hide=reposts/);
  await settled(page);
  expect(purchases).toEqual([]);
  expect(await upstream().log(handle)).toHaveLength(1);
  expect(problems).toEqual([]);
});

/** Holds the app's entry script until `release()`: the page stays the server's HTML, with no React, until then. */
async function holdTheApp(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('clicks made before the app runs are held and replayed once it does: a filter, and Load more buys its page once', async ({
  browser,
}) => {
  const handle = alias('ada', 'ssrheld');
  const context = await browser.newContext();
  const page = await context.newPage();
  const release = await holdTheApp(page);
  await page.goto(`${app.origin}/timeline?screen_name=${handle}`, { waitUntil: 'commit' });
  await expect(page.locator('#root[data-server-rendered] article').first()).toBeVisible();

  // A native checkbox would tick with its filter off; held, it stays as it was until the app applies it.
  const hideReposts = page.getByRole('checkbox', { name: 'Hide reposts' });
  await hideReposts.click();
  await expect(hideReposts).not.toBeChecked();
  await page
    .getByTestId('paging-footer')
    .getByRole('button', { name: /Load more/ })
    .click();
  await page.waitForTimeout(300);
  expect(await upstream().log(handle)).toHaveLength(1);
  expect(page.url()).not.toMatch(/hide=/);

  release();
  await expect(page).toHaveURL(/hide=reposts/);
  await expect(hideReposts).toBeChecked();
  await expect(page.locator('article[data-variant="repost"]')).toHaveCount(0);
  await expect.poll(async () => (await upstream().log(handle)).length).toBeGreaterThanOrEqual(2);
  await settled(page);
  // Every page bought once: the first by the server, the next by the replayed click (the sentinel may add more).
  const cursors = (await upstream().log(handle)).map((call) => call.query.cursor ?? 'first');
  expect(new Set(cursors).size).toBe(cursors.length);
  await context.close();
});

/**
 * A context whose browser has bought a handle's first three pages and keeps them (IndexedDB), automatic loading
 * off: its next page of that timeline renders the server's archived first page, then this browser's three.
 */
async function threePagesKept(browser: Browser, handle: string) {
  const context = await browser.newContext();
  await context.addInitScript(() => window.localStorage.setItem('creditscope-timeline-autoload', 'off'));
  const page = await context.newPage();
  const loadMore = page.getByTestId('paging-footer').getByRole('button', { name: /Load more/ });
  await page.goto(`${app.origin}/timeline?screen_name=${handle}`);
  await hydrated(page);
  for (const pages of [2, 3]) {
    await loadMore.click();
    await expect(page.getByTestId('spend-line')).toContainText(`from ${pages} pages`);
  }
  expect(await upstream().log(handle)).toHaveLength(3);
  await page.keyboard.press('End');
  await persisted(page, (await page.locator('article').last().getAttribute('data-post-id'))!);
  return context;
}

/** This browser's three pages are back, page 2's free offer is gone, and nothing more was bought; then page 4 is. */
async function expectThreePagesBackNothingBought(page: Page, handle: string) {
  const loadMore = page.getByTestId('paging-footer').getByRole('button', { name: /Load more/ });
  await expect(page.getByTestId('spend-line')).toContainText('from 3 pages');
  await expect(loadMore.getByTestId('cost-hint-timeline')).toHaveText('0.1 credits');
  await settled(page);
  expect(await upstream().log(handle)).toHaveLength(3);
  await loadMore.click();
  await expect(page.getByTestId('spend-line')).toContainText('from 4 pages');
  expect(await upstream().log(handle)).toHaveLength(4);
}

test("a click held on Load more over the server's first page is dropped once this browser's three pages are back: it was priced for page 2, free, not page 4", async ({
  browser,
}) => {
  const handle = alias('ada', 'ssrheldrestored');
  const context = await threePagesKept(browser, handle);
  // Again, the app held back: the server renders its archived first page, and prices Load more (page 2) as free.
  const again = await context.newPage();
  const release = await holdTheApp(again);
  await again.goto(`${app.origin}/timeline?screen_name=${handle}`, { waitUntil: 'commit' });
  const heldLoadMore = again.getByTestId('paging-footer').getByRole('button', { name: /Load more/ });
  await expect(heldLoadMore).toContainText('0 credits · from archive');
  await heldLoadMore.click();
  release();
  await hydrated(again);
  await expectThreePagesBackNothingBought(again, handle);
  await context.close();
});

test("a click after the app runs but before this browser's pages are back from IndexedDB is held the same way, and dropped", async ({
  browser,
}) => {
  const handle = alias('ada', 'ssrheldslowdb');
  const context = await threePagesKept(browser, handle);
  const again = await context.newPage();
  // This browser's storage answers only when the test says: React runs the server's page, the restore waits.
  await again.addInitScript(() => {
    const open = IDBFactory.prototype.open;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    Object.assign(window, { releaseIndexedDb: release });
    IDBFactory.prototype.open = function (...args: Parameters<typeof open>) {
      const request = open.apply(this, args);
      let onsuccess: ((event: Event) => void) | null = null;
      Object.defineProperty(request, 'onsuccess', { get: () => onsuccess, set: (handler) => (onsuccess = handler) });
      request.addEventListener('success', (event) => void released.then(() => onsuccess?.call(request, event)));
      return request;
    };
  });
  await again.goto(`${app.origin}/timeline?screen_name=${handle}`);
  await hydrated(again);
  const loadMore = again.getByTestId('paging-footer').getByRole('button', { name: /Load more/ });
  await expect(loadMore).toContainText('0 credits · from archive');
  await loadMore.click();
  await again.evaluate(() => (window as unknown as { releaseIndexedDb: () => void }).releaseIndexedDb());
  await expectThreePagesBackNothingBought(again, handle);
  await context.close();
});

test('"/" focuses the box from first paint and what is typed before the app runs is kept; j is held and replayed', async ({
  browser,
}) => {
  const handle = alias('ada', 'ssrkeys');
  const typed = alias('grace', 'ssrkeys');
  const context = await browser.newContext();
  const page = await context.newPage();
  const handleBox = page.getByLabel('Handle, @handle, numeric id or profile URL');

  // "/" the moment the posts show, while the app's script is held back: the server's HTML focuses its box itself.
  let release = await holdTheApp(page);
  await page.goto(`${app.origin}/timeline?screen_name=${handle}`, { waitUntil: 'commit' });
  await expect(page.locator('#root[data-server-rendered] article').first()).toBeVisible();
  await page.keyboard.press('/');
  await expect(handleBox).toBeFocused();
  await page.keyboard.type(typed);
  await expect(handleBox).toHaveValue(typed);
  await expect(page.locator('#root[data-hydrated]')).toHaveCount(0);
  release();
  await hydrated(page);
  // Kept through hydration and the renders after it, and React's own: Enter opens the typed timeline.
  await page.waitForTimeout(500);
  await expect(handleBox).toHaveValue(typed);
  await expect(handleBox).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`screen_name=${typed}`, 'i'));

  // j the same way: the first post has the focus once the app runs.
  const again = await context.newPage();
  release = await holdTheApp(again);
  await again.goto(`${app.origin}/timeline?screen_name=${handle}`, { waitUntil: 'commit' });
  await expect(again.locator('#root[data-server-rendered] article').first()).toBeVisible();
  await again.keyboard.press('j');
  await expect(again.locator('article[data-testid="post"]:focus')).toHaveCount(0);
  release();
  await hydrated(again);
  await expect(again.locator('article[data-testid="post"]:focus')).toHaveCount(1);
  expect(await upstream().log(handle)).toHaveLength(1);
  await context.close();
});

test('a link from another site gets the priced gate from the server and buys nothing until Load is clicked', async ({
  page,
}) => {
  const handle = alias('ada', 'ssrlink');
  const site = http.createServer((_request, response) => {
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(
        `<!doctype html><title>elsewhere</title><a id="go" href="${app.origin}/timeline?screen_name=${handle}">free stuff</a>`,
      );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  try {
    // localhost is another site to the app on 127.0.0.1: Chromium sends Sec-Fetch-Site: cross-site.
    await page.goto(`http://localhost:${(site.address() as AddressInfo).port}/`);
    const documentResponse = page.waitForResponse((response) =>
      response.url().includes(`/timeline?screen_name=${handle}`),
    );
    await page.click('#go');
    const served = await documentResponse;
    const html = await served.text();
    expect(html).toContain('data-server-rendered');
    expect(html).toContain('data-testid="arrival-gate"');
    expect(html).not.toContain('<article');
    const policy = served.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(served.headers()['x-content-type-options']).toBe('nosniff');
    await expect(page.getByTestId('arrival-gate')).toBeVisible();
    await settled(page);
    expect(await upstream().log(handle)).toHaveLength(0);

    // The app runs and still buys nothing: only the click does.
    await hydrated(page);
    await settled(page);
    expect(await upstream().log(handle)).toHaveLength(0);
    const load = page.getByTestId('arrival-load');
    await expect(load).toContainText(/credits/);
    await load.click();
    await expect(page.locator('article').first()).toBeVisible();
    await settled(page);
    expect(await upstream().log(handle)).toHaveLength(1);
  } finally {
    site.close();
  }
});

test('a browser in another time zone and language hydrates without a mismatch; its next page is written in its zone', async ({
  browser,
}) => {
  const handle = alias('ada', 'ssrzone');
  const timeZone = 'Pacific/Kiritimati';
  const context = await browser.newContext({ timezoneId: timeZone, locale: 'de-DE' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const inZone = (iso: string) =>
    // A post's full moment as every page writes one (src/contract/dates/date-format.ts DATE_STYLES.dayInYearAndTime).
    new Intl.DateTimeFormat('de-DE', { ...DATE_STYLES.dayInYearAndTime, timeZone }).format(new Date(iso));

  // First visit: the server knows neither zone nor language yet (UTC, the Accept-Language); the app redraws in its own.
  await page.goto(`${app.origin}/timeline?screen_name=${handle}`);
  await hydrated(page);
  const firstTime = page.locator('article time').first();
  const iso = (await firstTime.getAttribute('datetime'))!;
  await expect(firstTime).toHaveAttribute('title', inZone(iso));
  await settled(page);
  expect(problems).toEqual([]);

  // The app told the server its zone: the archived page is now written in it, before any JavaScript.
  const html = await (await context.request.get(`${app.origin}/timeline?screen_name=${handle}`)).text();
  expect(html).toContain(`data-time-zone="${timeZone}"`);
  expect(html).toContain(`title="${inZone(iso)}"`);
  expect(await upstream().log(handle)).toHaveLength(1);
  await context.close();
});

test('a browser whose clock runs hours ahead of the server hydrates what the server wrote, and the page still reads as bought now', async ({
  page,
}) => {
  // The meter's rate per hour, "As of" and the paid badge all depend on a clock. A loaded machine takes seconds to
  // hydrate and a browser's clock can be hours off: hydration must read the server's moment, not its own.
  const handle = alias('ada', 'ssrclock');
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.clock.install({ time: Date.now() + 3 * 3_600_000 });
  await page.goto(`${app.origin}/timeline?screen_name=${handle}`);
  await expect(page.locator('#root[data-server-rendered] article').first()).toBeVisible();
  await hydrated(page);
  // Then the browser's own clock: three hours on, the purchase is out of the pace's last 15 minutes (no rate,
  // no forecast), and the page was bought then.
  await expect(page.getByTestId('meter-pace')).toHaveCount(0);
  await expect(page.getByTestId('as-of')).toContainText('3 h ago');
  await expect(page.getByTestId('spend-line')).toContainText('0.1 credits in all: 1 bought now');
  await settled(page);
  expect(problems).toEqual([]);
  expect(await upstream().log(handle)).toHaveLength(1);
});
