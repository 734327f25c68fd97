import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { startInstance } from './support/instances.ts';
import { E2E } from './support/ports.ts';
import { settled } from './support/settle.ts';
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
