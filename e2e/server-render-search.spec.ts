import { expect, test } from './support/test.ts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startInstance } from './support/instances.ts';
import { E2E } from './support/ports.ts';
import { settled } from './support/settle.ts';
import { hydrated } from './support/rendering.ts';
import { standin } from './support/standin.ts';

/**
 * The production server renders the first screen of a search as it does a timeline's (server/http/render.ts):
 * the results are in the HTML, the app hydrates them with the answer the server inlined, and a search is
 * bought once, by the server, only for a navigation the person made. Its own instance and archive.
 */
test.describe.configure({ mode: 'serial' });
let app: Awaited<ReturnType<typeof startInstance>>;
const searchesFor = async (q: string) =>
  (await standin(E2E.upstreamStandin).log(q)).filter((call) => call.path === '/v1/search');
const uniqueQuery = (tag: string) => `${tag} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const searchUrl = (q: string) => `${app.origin}/search?q=${encodeURIComponent(q)}`;

test.beforeAll(async () => {
  app = await startInstance(E2E.serverRenderSearchApp, {
    API_BASE_URL: `http://127.0.0.1:${E2E.upstreamStandin}`,
    API_TOKEN: E2E.token,
    CREDITSCOPE_DATA_DIR: `${process.env.CREDITSCOPE_E2E_DIR}/${E2E.serverRenderSearchApp}`,
  });
});
test.afterAll(async () => {
  await app?.stop();
});

test('a typed search reads without JavaScript, bought once; opened again it comes from the archive', async ({
  browser,
}) => {
  const q = uniqueQuery('ssr nojs');
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(searchUrl(q));
  await expect(page.getByTestId('search-result')).toHaveCount(10);
  await expect(page.getByRole('searchbox', { name: 'Search query' })).toHaveValue(q);
  expect(await searchesFor(q)).toHaveLength(1);

  const again = await context.newPage();
  await again.goto(searchUrl(q));
  await expect(again.getByTestId('search-result')).toHaveCount(10);
  expect(await searchesFor(q)).toHaveLength(1);
  await context.close();
});

test('the app hydrates a rendered search without a console error or a second purchase, and its next page is one click', async ({
  page,
}) => {
  const q = uniqueQuery('ssr hydrate');
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const fromBrowser: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/')) fromBrowser.push(request.url());
  });

  await page.goto(searchUrl(q));
  await expect(page.locator('#root[data-server-rendered]').getByTestId('search-result').first()).toBeVisible();
  // Bought by the server for this page load: shown as paid, before and after React takes the page over.
  await expect(page.getByTestId('paid-badge')).toHaveText('0.2 credits');
  await hydrated(page);
  await settled(page);
  await expect(page.getByTestId('paid-badge')).toHaveText('0.2 credits');
  expect(fromBrowser).toEqual([]);
  expect(await searchesFor(q)).toHaveLength(1);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId('search-result').first()).toContainText('result 11');
  await settled(page);
  expect((await searchesFor(q)).map((call) => String((call.body as { page?: unknown }).page))).toEqual(['1', '2']);
  expect(problems).toEqual([]);
});

test('a search linked from another site gets the priced gate from the server and buys nothing until Load', async ({
  page,
}) => {
  const q = uniqueQuery('ssr link');
  const site = http.createServer((_request, response) => {
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(`<!doctype html><title>elsewhere</title><a id="go" href="${searchUrl(q)}">free</a>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  try {
    // localhost is another site to the app on 127.0.0.1: Chromium sends Sec-Fetch-Site: cross-site.
    await page.goto(`http://localhost:${(site.address() as AddressInfo).port}/`);
    const documentResponse = page.waitForResponse((response) => response.url().startsWith(`${app.origin}/search?`));
    await page.click('#go');
    const html = await (await documentResponse).text();
    expect(html).toContain('data-server-rendered');
    expect(html).toContain('data-testid="arrival-gate"');
    expect(html).not.toContain('data-testid="search-result"');
    await hydrated(page);
    await settled(page);
    expect(await searchesFor(q)).toHaveLength(0);

    const load = page.getByTestId('arrival-load');
    await expect(load).toContainText(/credits/);
    await load.click();
    await expect(page.getByTestId('search-result')).toHaveCount(10);
    await settled(page);
    expect(await searchesFor(q)).toHaveLength(1);
  } finally {
    site.close();
  }
});
