import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { startInstance } from './support/instances.ts';
import { E2E } from './support/ports.ts';
import { persisted, settled } from './support/settle.ts';
import { hydrated } from './support/rendering.ts';
import { alias, standin } from './support/standin.ts';

/**
 * A session as a person has it, on server-rendered pages (server/http/render.ts), in a browser whose zone and
 * language are not the server's (it renders in UTC and en-US until the browser has told it): first visit,
 * reload, back and forward, a page reached from another page, a reload with the browser's clock near the
 * minute/hour boundary of the newest post's relative time. Not one console error or uncaught error on the way
 * (React's #418, a hydration text mismatch, in particular).
 */
test.describe.configure({ mode: 'serial' });
let app: Awaited<ReturnType<typeof startInstance>>;
const upstream = () => standin(E2E.upstreamStandin);

test.beforeAll(async () => {
  app = await startInstance(E2E.ssrSessionApp, {
    SSR: '1',
    API_BASE_URL: `http://127.0.0.1:${E2E.upstreamStandin}`,
    API_TOKEN: E2E.token,
    CREDITSCOPE_DATA_DIR: `${process.env.CREDITSCOPE_E2E_DIR}/${E2E.ssrSessionApp}`,
  });
});
test.afterAll(async () => {
  await app?.stop();
});

/** Every console error and uncaught error of every page of the context, with the address it happened on. */
function collectProblems(context: BrowserContext): string[] {
  const problems: string[] = [];
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return problems;
}

/** A server-rendered document, hydrated by React, with its purchases settled. */
async function renderedAndHydrated(page: Page) {
  await expect(page.locator('#root[data-server-rendered]')).toBeAttached();
  await hydrated(page);
  await settled(page);
}

test('a session on server-rendered timelines in Auckland, in German, logs no error', async ({ browser }) => {
  const handle = alias('ada', 'ssrsession');
  const other = alias('grace', 'ssrsession');
  const context = await browser.newContext({ timezoneId: 'Pacific/Auckland', locale: 'de-DE' });
  const problems = collectProblems(context);
  const page = await context.newPage();
  const timeline = (who: string) => `${app.origin}/timeline?screen_name=${who}`;

  // First visit: the server knows neither the zone nor the language (UTC and the Accept-Language).
  await page.goto(timeline(handle));
  await renderedAndHydrated(page);
  expect(problems, 'after the first visit').toEqual([]);
  // Reload: now written in the zone the browser reported, from the archive.
  await page.reload();
  await renderedAndHydrated(page);

  expect(problems, 'after the reload').toEqual([]);
  // Into a post and back, then forward and back again (inside the app).
  const permalink = page.getByTestId('post-permalink').first();
  await permalink.click();
  await expect(page.getByTestId('post-view')).toBeVisible();
  await page.goBack();
  await expect(page.locator('article[data-testid="post"]').first()).toBeVisible();
  await page.goForward();
  await expect(page.getByTestId('post-view')).toBeVisible();
  await page.goBack();
  await expect(page.locator('article[data-testid="post"]').first()).toBeVisible();

  expect(problems, 'after the back and forward in the app').toEqual([]);
  // Another document, then back and forward across documents: each timeline rendered again (or restored).
  await page.goto(timeline(other));
  await renderedAndHydrated(page);
  await page.goBack();
  await expect(page.locator('article[data-testid="post"]').first()).toBeVisible();
  await hydrated(page);
  await page.goForward();
  await expect(page.locator('article[data-testid="post"]').first()).toBeVisible();
  await hydrated(page);
  await settled(page);

  expect(problems, 'after the back and forward across documents').toEqual([]);
  // A page reached from another page: the start page, its list of bought timelines, one, a post, back.
  await page.goto(`${app.origin}/`);
  await hydrated(page);
  await page.getByTestId('bought-timeline').filter({ hasText: handle }).first().click();
  await expect(page).toHaveURL(new RegExp(`screen_name=${handle}`, 'i'));
  await expect(page.locator('article[data-testid="post"]').first()).toBeVisible();
  await page.getByTestId('post-permalink').first().click();
  await expect(page.getByTestId('post-view')).toBeVisible();
  await page.goBack();
  await expect(page.locator('article[data-testid="post"]').first()).toBeVisible();
  await settled(page);

  expect(problems, 'after the start page → timeline → post → back').toEqual([]);
  // A server-rendered search, reached by its address, then a reload.
  const query = alias('session', 'ssrsearch');
  await page.goto(`${app.origin}/search?q=${encodeURIComponent(query)}`);
  await renderedAndHydrated(page);
  await page.reload();
  await renderedAndHydrated(page);

  // Each page bought once, however often it was rendered.
  expect(await upstream().log(query)).toHaveLength(1);
  expect(await upstream().log(handle)).toHaveLength(1);
  expect(await upstream().log(other)).toHaveLength(1);
  expect(problems).toEqual([]);
  await context.close();
});

test('a reload with the browser’s clock a moment before the newest post turns an hour old logs no error', async ({
  browser,
}) => {
  const handle = alias('ada', 'ssrboundary');
  const context = await browser.newContext({ timezoneId: 'Pacific/Auckland', locale: 'de-DE' });
  const problems = collectProblems(context);
  const page = await context.newPage();
  await page.goto(`${app.origin}/timeline?screen_name=${handle}`);
  await renderedAndHydrated(page);
  const newest = Date.parse((await page.locator('article[data-testid="post"] time').first().getAttribute('datetime'))!);

  // The browser's clock half a second before "59m" becomes "1h" (the server writes with its own clock), running.
  const boundary = await context.newPage();
  await boundary.clock.install({ time: newest + 3_600_000 - 30_500 });
  await boundary.goto(`${app.origin}/timeline?screen_name=${handle}`);
  await renderedAndHydrated(boundary);
  await boundary.clock.runFor(2_000);
  await boundary.reload();
  await renderedAndHydrated(boundary);
  expect(problems).toEqual([]);
  expect(await upstream().log(handle)).toHaveLength(1);
  await context.close();
});

/** Every page the header's nav leads to (the logo leads to /). */
const NAV_PAGES = ['/', '/timeline', '/search', '/credits', '/history', '/find', '/jobs'];

test('a returning browser whose copies are newer than the page the server wrote hydrates without an error', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // The condition (#33.10): this browser stored a copy of a page later than the HTML it is now shown was written.
  // A document from the HTTP cache (back and forward, a restored tab) carries the page as it was then, and a
  // browser whose clock runs ahead stamps its copies after any page the server writes now. Restored before the
  // posts hydrated, that copy ("cached") replaced the server's ("from archive · bought 8:47") and React's text
  // differed from the HTML's (#418).
  const handle = alias('ada', 'ssrreturning');
  const query = alias('returning', 'ssrsearch');
  const context = await browser.newContext();
  const problems = collectProblems(context);
  const first = await context.newPage();
  const timeline = `${app.origin}/timeline?screen_name=${handle}`;
  const search = `${app.origin}/search?q=${encodeURIComponent(query)}`;
  await first.goto(timeline);
  await renderedAndHydrated(first);
  await first.goto(search);
  await renderedAndHydrated(first);
  await first.close();

  // Later, with the browser's clock past the half hour the copies were found to change their words at.
  const page = await context.newPage();
  await page.clock.install({ time: Date.now() + 31 * 60_000 });
  await page.goto(timeline);
  await renderedAndHydrated(page);
  await page
    .getByTestId('paging-footer')
    .getByRole('button', { name: /Load more/ })
    .click();
  await expect(page.getByTestId('spend-line')).toContainText('from 2 pages');
  await persisted(page, 'ada');
  for (let round = 0; round < 2; round++) {
    await page.reload();
    await renderedAndHydrated(page);
    // Another document and back: the timeline's HTML from the HTTP cache, older than the copy stored since.
    await page.goto(`${app.origin}/credits`);
    await hydrated(page);
    await page.goBack();
    await renderedAndHydrated(page);
    await page.goForward();
    await hydrated(page);
    await page.goBack();
    await renderedAndHydrated(page);
  }
  // This browser's own copy after hydration: both pages, free.
  await expect(page.getByTestId('spend-line')).toContainText('from 2 pages');
  expect(problems, 'on the timeline').toEqual([]);

  // Every page of the nav, reached from the header, reloaded, then back and forward.
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const path of NAV_PAGES) {
    if (path === '/') await page.getByRole('link', { name: 'creditscope' }).first().click();
    else await nav.locator(`a[href="${path}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${path.replace('/', '\\/')}(\\?|$)`));
    await hydrated(page);
    await page.reload();
    await hydrated(page);
  }
  for (let step = 0; step < NAV_PAGES.length - 1; step++) {
    await page.goBack();
    await hydrated(page);
  }
  for (let step = 0; step < NAV_PAGES.length - 1; step++) {
    await page.goForward();
    await hydrated(page);
  }
  await page.goto(search);
  await renderedAndHydrated(page);
  await page.reload();
  await renderedAndHydrated(page);
  await settled(page);
  expect(problems).toEqual([]);
  expect(await upstream().log(query)).toHaveLength(1);
  await context.close();
});
