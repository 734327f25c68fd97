import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { untilHydrated } from './support/rendering.ts';
import { settled } from './support/settle.ts';
import { standin } from './support/standin.ts';
import { HEADER } from '../src/contract/headers.ts';

/**
 * Another site (served from `localhost`, so it is cross-site to the app on 127.0.0.1) tries to make a
 * visitor's browser spend the app's credits: frames, links, popups and forms. The stand-in's own log
 * is the judge. Runs against the production build and the dev server alike.
 */
function attackerPages(app: string, tag: string): Record<string, string> {
  const page = (body: string) => `<!doctype html><title>attacker</title><body>${body}</body>`;
  return {
    '/frames': page(`${[0, 1, 2].map((i) => `<iframe src="${app}/search?q=${tag}+frame${i}"></iframe>`).join('')}
      <iframe src="${app}/timeline?screen_name=ada__${tag}"></iframe><iframe src="${app}/credits"></iframe>
      <script>setTimeout(() => { document.title = 'framed'; }, 1500);</script>`),
    '/link': page(`<a id="go" href="${app}/timeline?screen_name=ada__${tag}">free stuff</a>`),
    '/stray': page(`<a id="timeline" href="${app}/timeline?screen_name=ada__${tag}&bogus=1">a</a>
      <a id="search" href="${app}/search?q=${tag}&bogus=1">b</a>`),
    '/popup': page(`<button id="go" onclick="window.open('${app}/search?q=${tag}+popup')">open</button>`),
    '/form': page(`<form id="f" method="GET" action="${app}/search"><input name="q" value="${tag} form"></form>
      <script>document.getElementById('f').submit();</script>`),
  };
}

async function withAttacker<T>(app: string, tag: string, run: (origin: string) => Promise<T>): Promise<T> {
  const pages = attackerPages(app, tag);
  const server = http.createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end(pages[request.url ?? ''] ?? 'not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await run(`http://localhost:${(server.address() as AddressInfo).port}`);
  } finally {
    server.close();
  }
}

const paidCalls = async (tag: string) => (await standin().log(tag)).filter((call) => call.path.startsWith('/v1/'));
const newTag = () => `atk${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function expectGateThenLoad(page: Page, tag: string) {
  await expect(page.getByTestId('arrival-gate')).toBeVisible();
  await expect(page.getByTestId('arrival-load')).toContainText(/credits/);
  await settled(page);
  expect(await paidCalls(tag)).toHaveLength(0);
  await page.getByTestId('arrival-load').click();
  await expect.poll(async () => (await paidCalls(tag)).length).toBe(1);
}

test('pages framed by another site render nothing and buy nothing', async ({ page, baseURL }) => {
  const tag = newTag();
  await withAttacker(baseURL!, tag, async (origin) => {
    await page.goto(`${origin}/frames`);
    await expect(page).toHaveTitle('framed');
    await settled(page);
    for (const frame of page.frames().slice(1)) expect(await frame.locator('#root').count()).toBe(0);
  });
  expect(await paidCalls(tag)).toHaveLength(0);
});

test('a link from another site opens the timeline without buying it; the Load button buys it once', async ({
  page,
  baseURL,
}) => {
  const tag = newTag();
  await withAttacker(baseURL!, tag, async (origin) => {
    await page.goto(`${origin}/link`);
    await page.click('#go');
    await page.waitForURL(/\/timeline\?/);
    await expectGateThenLoad(page, tag);
    await expect(page.locator('article').first()).toBeVisible();
  });
});

for (const kind of ['timeline', 'search'] as const)
  test(`a ${kind} another site sent us to stays unbought while the person tidies its address, leaves it and comes back`, async ({
    page,
    baseURL,
  }) => {
    const tag = newTag();
    await withAttacker(baseURL!, tag, async (origin) => {
      await page.goto(`${origin}/stray`);
      await page.click(`#${kind}`);
      await expect(page.getByTestId('arrival-gate')).toBeVisible();
      // In the app from here (a link clicked before React takes over is a new document, not the app's navigation).
      await untilHydrated(page);
      // Each of these is a navigation after a click in the app: the pages opened from there may buy, never this one.
      await page.getByRole('button', { name: 'Dismiss' }).click();
      await expect(page.getByRole('button', { name: 'Dismiss' })).toBeHidden();
      await expect(page.getByTestId('arrival-gate')).toBeVisible();
      await page.locator('nav a[href="/credits"]').click();
      await expect(page.getByRole('heading', { level: 1, name: 'Credits' })).toBeVisible();
      await page.goBack();
      await expect(page.getByTestId('arrival-gate')).toBeVisible();
      // Reloaded after those, the address comes to the server as the person's own navigation: still nothing bought.
      await page.reload();
      await expectGateThenLoad(page, tag);
    });
  });

test('a popup or a form from another site buys nothing on load', async ({ page, baseURL, context }) => {
  const tag = newTag();
  await withAttacker(baseURL!, tag, async (origin) => {
    await page.goto(`${origin}/popup`);
    const [popup] = await Promise.all([context.waitForEvent('page'), page.click('#go')]);
    await popup.waitForLoadState();
    await expect(popup.getByTestId('arrival-gate')).toBeVisible();
    await settled(popup);
    const formPage = await context.newPage();
    await formPage.goto(`${origin}/form`);
    await formPage.waitForURL(/\/search\?/);
    await expect(formPage.getByTestId('arrival-gate')).toBeVisible();
    await settled(formPage);
  });
  expect(await paidCalls(tag)).toHaveLength(0);
});

test('every page forbids framing, and no other origin gets a CORS grant', async ({ request, baseURL }) => {
  for (const path of ['/', '/timeline?screen_name=ada', '/search?q=x', '/credits', '/favicon.svg']) {
    const response = await request.get(`${baseURL}${path}`);
    expect(response.headers()['x-frame-options']).toBe('DENY');
    expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
  }
  const preflight = await request.fetch(`${baseURL}/api/v1/search`, {
    method: 'OPTIONS',
    headers: {
      origin: 'http://localhost:9',
      'access-control-request-method': 'POST',
      'access-control-request-headers': `${HEADER.client},content-type`,
    },
  });
  expect(preflight.headers()['access-control-allow-origin']).toBeUndefined();
  const asset = await request.get(`${baseURL}/`, { headers: { origin: 'http://localhost:9' } });
  expect(asset.headers()['access-control-allow-origin']).toBeUndefined();
  expect((await request.get(`${baseURL}/__open-in-editor?file=package.json`)).status()).toBe(404);
});
