import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { untilHydrated } from './support/rendering.ts';
import { settled } from './support/settle.ts';
import { standin } from './support/standin.ts';

/**
 * Another site lists the app's addresses in `<script type="speculationrules">`: Chromium prefetches them
 * (and, for a prerender rule, prefetches ahead of it) as `Sec-Fetch-Site: none` with `Sec-Purpose`, the
 * moment a person merely visits that site. The stand-in's log is the judge: nothing is bought, and the
 * page the person then clicks through to (served from that prefetch) shows the priced button.
 * Runs against the production build (the server renders these pages) and the dev server alike.
 */
const newTag = () => `spec${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const callsNaming = async (tag: string) =>
  (await standin().log(tag)).filter((call) => call.path.startsWith('/v1/')).length;

/** The app's addresses another site's rules list: timelines and searches, prefetched and prerendered. */
function speculatedAddresses(app: string, tag: string) {
  return {
    prefetch: [
      `${app}/timeline?screen_name=ada__${tag}1`,
      `${app}/timeline?screen_name=ada__${tag}2`,
      `${app}/search?q=${tag}+one`,
      `${app}/search?q=${tag}+two`,
    ],
    prerender: [`${app}/timeline?screen_name=ada__${tag}3`, `${app}/search?q=${tag}+three`],
  };
}

async function withForeignPage<T>(app: string, tag: string, run: (port: number) => Promise<T>): Promise<T> {
  const { prefetch, prerender } = speculatedAddresses(app, tag);
  const rules = {
    prefetch: [{ source: 'list', urls: prefetch, eagerness: 'immediate' }],
    prerender: [{ source: 'list', urls: prerender, eagerness: 'immediate' }],
  };
  const html = `<!doctype html><title>foreign</title><body><a id="go" href="${prefetch[0]}">read this</a>
    <script type="speculationrules">${JSON.stringify(rules)}</script></body>`;
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await run((server.address() as AddressInfo).port);
  } finally {
    server.close();
  }
}

/** What Chromium reports of each speculative load (CDP Preload domain): Ready once the app's answer is in. */
async function watchPrefetches(page: Page): Promise<{ cdp: CDPSession; status: Map<string, string> }> {
  const cdp = await page.context().newCDPSession(page);
  const status = new Map<string, string>();
  cdp.on('Preload.prefetchStatusUpdated', (event) => {
    status.set(event.prefetchUrl, event.prefetchStatus ?? event.status);
  });
  await cdp.send('Preload.enable');
  return { cdp, status };
}

// `localhost` is another site to the app on 127.0.0.1; another port of 127.0.0.1 is the same site, another origin.
for (const foreignHost of ['localhost', '127.0.0.1']) {
  test(`speculation rules on a page at ${foreignHost} buy nothing; the page clicked through to shows the priced button`, async ({
    page,
    baseURL,
  }) => {
    const tag = newTag();
    const { prefetch, prerender } = speculatedAddresses(baseURL!, tag);
    await withForeignPage(baseURL!, tag, async (port) => {
      const { status } = await watchPrefetches(page);
      await page.goto(`http://${foreignHost}:${port}/`);
      // Every listed address was asked for and answered (a prerender rule is prefetched ahead of it, even
      // where Chromium then declines the prerender: another site's, or DevTools attached).
      await expect
        .poll(() => [...prefetch, ...prerender].map((url) => status.get(url)), { timeout: 20_000 })
        .toEqual([...prefetch, ...prerender].map(() => 'PrefetchSuccessfulButNotUsed'));
      await settled(page);
      expect(await callsNaming(tag)).toBe(0);

      // A real click on the foreign page's link: the browser shows the prefetched answer.
      await page.click('#go');
      await page.waitForURL(/\/timeline\?/);
      await expect.poll(() => status.get(prefetch[0]!)).toBe('PrefetchResponseUsed');
      await untilHydrated(page);
      await expect(page.getByTestId('arrival-gate')).toBeVisible();
      await expect(page.getByTestId('arrival-load')).toContainText(/credits/);
      await settled(page);
      expect(await callsNaming(tag)).toBe(0);
      await page.getByTestId('arrival-load').click();
      await expect(page.locator('article').first()).toBeVisible();
      expect(await callsNaming(`ada__${tag}1`)).toBe(1);
      expect(await callsNaming(tag)).toBe(1);
    });
  });
}

/**
 * A prerendered document runs before anyone sees it. Chromium declines to prerender while DevTools is attached
 * (Preload: PrerenderingDisabledByDevTools), so Playwright cannot click through a real one (the last test watches
 * one from the server's side): the document here is told it is
 * prerendering (`document.prerendering`, then `prerenderingchange`), and, where `marked`, its requests carry the
 * purpose header Chromium puts on a prerendering document's own requests (`Sec-Purpose: prefetch;prerender`,
 * seen without DevTools in headless Chromium). Unmarked, the browser's own rules stand alone: only the dev server
 * shows that, since the production server buys for a typed address before the document runs.
 */
for (const marked of [true, false]) {
  test(`a prerendered timeline (${marked ? 'its requests marked as speculative' : 'unmarked'}) buys nothing until shown, then shows the priced button`, async ({
    page,
  }, testInfo) => {
    test.skip(
      !marked && testInfo.project.name === 'production',
      'the production server buys for a typed address: only the browser-side rules are under test here',
    );
    const tag = newTag();
    let prerendering = true;
    await page.addInitScript(() => {
      let prerenderingNow = true;
      Object.defineProperty(Document.prototype, 'prerendering', { configurable: true, get: () => prerenderingNow });
      Object.assign(window, {
        activatePrerender: () => {
          prerenderingNow = false;
          document.dispatchEvent(new Event('prerenderingchange'));
        },
      });
    });
    if (marked) {
      await page.route('**/*', async (route) => {
        if (!prerendering) return route.continue();
        // Chromium drops a Sec-Purpose an interceptor sets: the header's older name, which the server reads alike.
        return route.continue({ headers: { ...(await route.request().allHeaders()), purpose: 'prefetch' } });
      });
    }
    await page.goto(`/timeline?screen_name=ada__${tag}`);
    await settled(page);
    expect(await callsNaming(tag)).toBe(0);

    prerendering = false;
    await page.evaluate(() => (window as unknown as { activatePrerender: () => void }).activatePrerender());
    await expect(page.getByTestId('arrival-gate')).toBeVisible();
    await settled(page);
    expect(await callsNaming(tag)).toBe(0);
    await page.getByTestId('arrival-load').click();
    await expect(page.locator('article').first()).toBeVisible();
    expect(await callsNaming(tag)).toBe(1);
  });
}

/**
 * A real prerender, which Chromium performs only with no DevTools attached: a headless Chromium of its own (not
 * Playwright's) opens a page on the app's own origin (a small proxy in front of the app serves it) whose rules
 * prerender a timeline and a search. The proxy's log shows each prerendered document running (its requests carry
 * `Sec-Purpose: prefetch;prerender`); once both have asked the app for something, the rules page is told to go to
 * the timeline, which activates its prerendered document. Nothing may be bought before or after.
 */
test('a real prerender in headless Chromium buys nothing while prerendering, nor once activated by its page', async ({
  baseURL,
}) => {
  test.setTimeout(60_000);
  const tag = newTag();
  const timeline = `/timeline?screen_name=ada__${tag}`;
  const search = `/search?q=${tag}+prerendered`;
  const app = new URL(baseURL!);
  const seen: { path: string; purpose: string | undefined }[] = [];
  let go: () => void = () => undefined;
  const mayGo = new Promise<void>((resolve) => {
    go = resolve;
  });
  const rules = { prerender: [{ source: 'list', urls: [timeline, search], eagerness: 'immediate' }] };
  const front = http.createServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/rules') {
      response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>rules</title>
        <script type="speculationrules">${JSON.stringify(rules)}</script>
        <script>fetch('/go').then(() => { location.href = ${JSON.stringify(timeline)}; });</script>`);
      return;
    }
    if (path === '/go') {
      void mayGo.then(() => response.end('go'));
      return;
    }
    seen.push({ path, purpose: request.headers['sec-purpose'] as string | undefined });
    const forwarded = http.request(
      { host: app.hostname, port: app.port, path, method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.writeHead(502).end());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-prerender-'));
  const browser = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      `--user-data-dir=${profile}`,
      `http://127.0.0.1:${(front.address() as AddressInfo).port}/rules`,
    ],
    { stdio: 'ignore', detached: true },
  );
  const appRanWhilePrerendering = () =>
    seen.some((request) => request.path.startsWith('/api/') && request.purpose === 'prefetch;prerender');
  try {
    // Each document was prerendered and its app ran (it asked /api for something free: the meter, jobs, history).
    await expect
      .poll(
        () =>
          [timeline, search].map((page) =>
            seen.some((request) => request.path === page && request.purpose === 'prefetch;prerender'),
          ),
        { timeout: 30_000 },
      )
      .toEqual([true, true]);
    await expect.poll(appRanWhilePrerendering, { timeout: 30_000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(seen.filter((request) => request.path.startsWith('/api/v1/'))).toEqual([]);
    expect(await callsNaming(tag)).toBe(0);

    // Activated: no new document request, and the page's requests no longer say "prerender".
    const before = seen.length;
    go();
    await expect
      .poll(() => seen.slice(before).some((request) => request.purpose === undefined), { timeout: 30_000 })
      .toBe(true);
    expect(seen.slice(before).filter((request) => request.path === timeline)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await callsNaming(tag)).toBe(0);
  } finally {
    // Its own process group: the renderers and helpers Chromium started go with it, and stop writing to the profile.
    const group = (signal: NodeJS.Signals) => {
      try {
        process.kill(-browser.pid!, signal);
      } catch {
        /* already gone */
      }
    };
    const exited = new Promise((resolve) => {
      browser.once('exit', resolve);
      setTimeout(resolve, 10_000);
    });
    group('SIGTERM');
    await exited;
    group('SIGKILL');
    front.close();
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
});
