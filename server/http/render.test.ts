import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { echoedForms } from '../standin/echo.ts';
import { startStandin } from '../standin/server.ts';
import { freePort } from '../testing/free-port.ts';
import { TEST_TOKEN } from '../testing/harness.ts';
import { HEADER } from '../../src/contract/index.ts';

/**
 * Server rendering (server/http/render.ts) in the production server as `npm start` runs it: a child
 * process over real HTTP on a build of its own (client and server copy), in front of a stand-in whose
 * call log counts every upstream call. The build sits inside the project: the server copy imports
 * React and the router from its node_modules.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const dist = path.join(ROOT, `dist-render-test-${process.pid}`);
const VITE = path.join(ROOT, 'node_modules/vite/bin/vite.js');

let standin: Awaited<ReturnType<typeof startStandin>>;
let child: ChildProcess;
let origin: string;
let output = '';

/** Document requests as Chromium sends them: typed (or made in the app), and from a link on another site. */
const TYPED = {
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
  'sec-fetch-site': 'none',
  'sec-fetch-user': '?1',
};
const IN_APP = { ...TYPED, 'sec-fetch-site': 'same-origin' };
const CROSS_SITE = { ...TYPED, 'sec-fetch-site': 'cross-site' };

/** Every upstream call whose address or body names `tag` (a timeline's handle, a search's words). */
const callsNaming = async (tag: string) =>
  ((await (await fetch(`${standin.url}/_control/log`)).json()) as unknown[]).filter((entry) =>
    JSON.stringify(entry).includes(tag),
  ).length;

const upstreamCalls = async (handle: string) =>
  ((await (await fetch(`${standin.url}/_control/log`)).json()) as { query: Record<string, string> }[]).filter(
    (entry) => entry.query.screen_name === handle,
  ).length;

interface Page {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** node:http, not fetch: fetch sends `Sec-Fetch-Mode: cors` whatever it is asked to send. */
function get(pathAndQuery: string, headers: Record<string, string> = {}): Promise<Page> {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}${pathAndQuery}`, { headers }, (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, text }));
      })
      .on('error', reject);
  });
}

const page = (query: string, headers: Record<string, string>) => get(`/timeline?${query}`, headers);

beforeAll(async () => {
  // As `npm run build` makes it (Vitest's NODE_ENV=test would build React's development JSX into the server copy).
  const build = { cwd: ROOT, stdio: 'pipe' as const, env: { ...process.env, NODE_ENV: 'production' } };
  execFileSync(process.execPath, [VITE, 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'], build);
  execFileSync(
    process.execPath,
    [VITE, 'build', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(dist, 'server'), '--logLevel', 'error'],
    build,
  );
  standin = await startStandin({ token: TEST_TOKEN, port: 0 });
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(dist, 'data-'));
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--port', String(port), '--outDir', dist], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      CREDITSCOPE_DATA_DIR: dataDir,
      API_BASE_URL: standin.url,
      API_TOKEN: TEST_TOKEN,
      SSR: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  for (let tries = 0; tries < 300; tries++) {
    if (
      await fetch(`${origin}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start: ${output}`);
}, 180_000);

afterAll(async () => {
  if (process.env.RENDER_TEST_LOG)
    console.log(
      output
        .split('\n')
        .filter((line) => !line.includes('"request"'))
        .join('\n'),
    );
  child?.kill('SIGKILL');
  await standin?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the first screen of a timeline as HTML', () => {
  it('buys a page the person typed exactly once, renders its posts and carries its query data for the browser', async () => {
    const { status, headers, text: html } = await page('screen_name=ada__typed', TYPED);
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('no-cache');
    // Streamed as it is rendered: no length known up front.
    expect(headers['transfer-encoding']).toBe('chunked');
    expect(html).toContain('data-server-rendered');
    // The first screen only (VirtualPostList: FIRST_SCREEN); the rest mount once the browser has hydrated it.
    expect((html.match(/<article\b/g) ?? []).length).toBe(3);
    // The router's dehydrated state holds the page's query (its key names the handle), for the browser's cache.
    const state = /<script[^>]*>(\$_TSR\.router=[\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(state).toContain('queryHash:"[\\"timeline\\",{\\"screenName\\":\\"ada__typed\\"}]"');
    expect(html).not.toContain('id="creditscope-server-page"');
    // The early first-page fetch of the SPA would ask for the page the HTML already holds.
    expect(html).not.toContain('__creditscopeEarly');
    expect(await upstreamCalls('ada__typed')).toBe(1);
    // The browser's own request for it afterwards (had it not adopted the answer) is free: the archive's copy.
    const api = await fetch(`${origin}/api/v1/social/microblog/posts?screen_name=ada__typed`, {
      headers: { [HEADER.client]: '1' },
    });
    expect(api.headers.get(HEADER.source)).toBe('archive');
    expect(await upstreamCalls('ada__typed')).toBe(1);
  });

  it('sends the head before the first page is bought, and names its time in parts in a Server-Timing trailer', async () => {
    const UPSTREAM_MS = 1500;
    await fetch(`${standin.url}/_control/faults`, {
      method: 'POST',
      body: JSON.stringify({ match: 'ada__slowbuy', latencyMs: UPSTREAM_MS, times: 1 }),
    });
    const started = performance.now();
    const { firstChunk, firstChunkMs, text, trailers } = await new Promise<{
      firstChunk: string;
      firstChunkMs: number;
      text: string;
      trailers: NodeJS.Dict<string>;
    }>((resolve, reject) => {
      http
        .get(`${origin}/timeline?screen_name=ada__slowbuy`, { headers: TYPED }, (response) => {
          let text = '';
          let firstChunk: string | null = null;
          let firstChunkMs = 0;
          response.setEncoding('utf8').on('data', (chunk: string) => {
            if (firstChunk === null) [firstChunk, firstChunkMs] = [chunk, performance.now() - started];
            text += chunk;
          });
          response.on('end', () =>
            resolve({ firstChunk: firstChunk!, firstChunkMs, text, trailers: response.trailers }),
          );
        })
        .on('error', reject);
    });
    // The style sheet the first paint waits for is named while the upstream is still answering, and fetched alone:
    // the app's modules are named after the posts.
    expect(firstChunkMs).toBeLessThan(UPSTREAM_MS);
    expect(firstChunk).toMatch(/<link rel="stylesheet"/);
    // No script after the style sheet: the parser would stop there until the sheet has loaded, not parse the posts.
    expect(firstChunk.slice(firstChunk.indexOf('<link rel="stylesheet"'))).not.toContain('<script');
    expect(firstChunk).not.toContain('<article');
    expect(firstChunk).not.toContain('modulepreload');
    expect((text.match(/<article\b/g) ?? []).length).toBe(3);
    expect(text.indexOf('<link rel="modulepreload"')).toBeGreaterThan(text.lastIndexOf('<article'));
    expect(text.match(/<head>/g)).toHaveLength(1);
    expect(await upstreamCalls('ada__slowbuy')).toBe(1);
    const parts = Object.fromEntries(
      String(trailers['server-timing'])
        .split(', ')
        .map((part) => [part.split(';')[0], Number(part.split('dur=')[1])]),
    );
    expect(Object.keys(parts)).toEqual(['before', 'plan', 'page', 'meter', 'render']);
    expect(parts.page).toBeGreaterThanOrEqual(UPSTREAM_MS);
  });

  it("renders an archived page from the archive for any navigation, another site's included, with no upstream call", async () => {
    await page('screen_name=ada__archived', IN_APP);
    expect(await upstreamCalls('ada__archived')).toBe(1);
    const { text: html } = await page('screen_name=ada__archived', CROSS_SITE);
    // The first screen only (VirtualPostList: FIRST_SCREEN); the rest mount once the browser has hydrated it.
    expect((html.match(/<article\b/g) ?? []).length).toBe(3);
    expect(html).toContain('from archive');
    expect(await upstreamCalls('ada__archived')).toBe(1);
  });

  it('buys nothing for a navigation from another site and renders the priced button instead', async () => {
    const { headers, text: html } = await page('screen_name=ada__foreign', CROSS_SITE);
    expect(String(headers['set-cookie'])).toContain('creditscope-arrival=foreign');
    expect(html).toContain('data-testid="arrival-gate"');
    expect(html).toMatch(/Load <!-- -->@ada__foreign’s timeline/);
    expect(html).not.toContain('<article');
    expect(await upstreamCalls('ada__foreign')).toBe(0);
  });

  it('buys nothing for a request without the navigation headers (a script, an old client): the browser decides', async () => {
    const { text: html } = await get('/timeline?screen_name=ada__headless');
    expect(html).toContain('<div id="root"></div>');
    expect(await upstreamCalls('ada__headless')).toBe(0);
  });

  it('answers a bad or unknown handle with the app, never a crash, and buys nothing for a bad one', async () => {
    const bad = await page('screen_name=%3Cscript%3E', TYPED);
    expect(bad.status).toBe(200);
    expect(bad.text).toContain('<div id="root"');
    const unknown = await page('screen_name=nobody__here_at_all', TYPED);
    expect(unknown.status).toBe(200);
    expect(unknown.text).toContain('<div id="root"');
    expect(child.exitCode).toBeNull();
  });

  it('keeps the token out of the page, and every inline script it runs carries the nonce its policy names', async () => {
    const { headers, text: html } = await page('screen_name=ada__policy', TYPED);
    expect(html).toContain('<article');
    expect(html).not.toContain(TEST_TOKEN);
    const policy = String(headers['content-security-policy']);
    const scripts = policy.split(';').find((part) => part.trim().startsWith('script-src'))!;
    expect(scripts).not.toContain('unsafe-inline');
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(scripts)?.[1];
    expect(nonce).toBeTruthy();
    const inline = [...html.matchAll(/<script\b([^>]*)>/g)].map(([, attributes]) => attributes!);
    // The router's own state and cleanup scripts, the held clicks and the app's loader.
    expect(inline.length).toBeGreaterThanOrEqual(4);
    for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`);
    // A nonce is for one response only.
    const again = String((await page('screen_name=ada__policy', TYPED)).headers['content-security-policy']);
    expect(again).not.toContain(nonce);
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('keeps the token out of the page in every encoding an upstream echoes it in (server/standin/echo.ts)', async () => {
    const { text: html } = await page('screen_name=ada__echo_forms', TYPED);
    const forms = echoedForms(TEST_TOKEN);
    expect(html.match(/ echoed \w+ /g)?.length, 'the inline answer holds every echo').toBeGreaterThanOrEqual(
      Object.keys(forms).length,
    );
    // As is, in the inline JSON, or as the text of a post.
    const written = (value: string) => [
      value,
      JSON.stringify(value).slice(1, -1),
      value.replace(/&/g, '&amp;').replace(/"/g, '&quot;'),
    ];
    expect(
      Object.entries(forms)
        .filter(([, value]) => written(value).some((form) => html.includes(form)))
        .map(([name]) => name),
    ).toEqual([]);
  });

  it("names the build's style sheet, a file every page shares and browsers keep, and inlines no style sheet", async () => {
    const { headers, text: html } = await page('screen_name=ada__styles', TYPED);
    expect(html).not.toContain('<style');
    const href = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/>/.exec(html)?.[1];
    const sheet = await fetch(`${origin}${href}`);
    expect(await sheet.text()).toContain('tailwindcss');
    expect(sheet.headers.get('cache-control')).toContain('immutable');
    const styles = String(headers['content-security-policy'])
      .split(';')
      .find((part) => part.trim().startsWith('style-src '))!;
    expect(styles.trim()).toBe("style-src 'self'");
  });

  // 58 KB measured (3 posts): the long utility lists every card repeats are named once in styles.css (.post-card …).
  it('is at most 64 KB of HTML for a timeline: each icon an empty box the style sheet paints, no glyph inline', async () => {
    const { text: html } = await page('screen_name=ada__size', TYPED);
    expect((html.match(/<article\b/g) ?? []).length).toBe(3);
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(64 * 1024);
    expect(html).not.toContain('<svg');
    const icons = [
      ...html.matchAll(/<span\b(?=[^>]*\bdata-icon="([a-z-]+)")(?=[^>]*\bdata-size="(\d+)")[^>]*>(.*?)<\/span>/g),
    ];
    expect(icons.length).toBeGreaterThan(30);
    expect(icons.length).toBe((html.match(/\bdata-icon=/g) ?? []).length);
    const sheet = await (await fetch(`${origin}${/<link rel="stylesheet" href="([^"]+)"/.exec(html)![1]}`)).text();
    // Every icon is a square of its size's image (one glyph image per size), which each name's rule moves into view.
    const images = new Set(sheet.match(/url\("?data:image\/svg\+xml,[^)]*\)/g));
    const sizes = new Set(icons.map(([, , size]) => size!));
    expect(sizes.size).toBeGreaterThan(1);
    expect(images.size).toBeGreaterThanOrEqual(sizes.size);
    for (const size of sizes)
      expect(sheet, `${size} px`).toMatch(
        new RegExp(
          `\\[data-icon\\]\\[data-size=['"]?${size}['"]?\\]\\{[^}]*mask(-image)?:url\\("?data:image\\/svg\\+xml,`,
        ),
      );
    for (const [, name, size, inside] of icons) {
      expect(inside).toBe('');
      expect(sheet, `${name} at ${size} px`).toMatch(
        new RegExp(
          `\\[data-icon=['"]?${name}['"]?\\]\\[data-size=['"]?${size}['"]?\\]\\{[^}]*mask-position:[\\d.]+%? 0`,
        ),
      );
    }
  });

  it('asks for the app only after the posts in it, once the page has painted', async () => {
    const { text: html } = await page('screen_name=ada__scriptlast', TYPED);
    // No module script the parser would fetch at once: the app's entry is imported by the last script.
    expect(html).not.toMatch(/<script type="module"/);
    const entry = /import\("(\/assets\/index-[^"]+\.js)"\)/.exec(html);
    expect(entry?.index).toBeGreaterThan(html.lastIndexOf('<article'));
    expect(html.indexOf('requestAnimationFrame', html.indexOf('</div>', html.lastIndexOf('<article')))).toBeGreaterThan(
      0,
    );
    expect((await get(entry![1]!)).status).toBe(200);
  });

  it('never serves its server copy of the app to browsers', async () => {
    expect((await get('/server/entry-server.js')).status).toBe(404);
  });
});

/**
 * Who may make the server buy: one row per header combination a browser sends for a document, each judged
 * by the stand-in's call log. A speculative load (another site's speculation rules arrive as
 * `Sec-Fetch-Site: none` with `Sec-Purpose`) renders the priced button, as a link from another site does.
 */
describe('which navigations the server buys for', () => {
  const NAVIGATION = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
  const rows: [string, 'bought' | 'priced button' | 'app decides', Record<string, string>][] = [
    [
      'typed, a bookmark or a reload (none, ?1)',
      'bought',
      { ...NAVIGATION, 'sec-fetch-site': 'none', 'sec-fetch-user': '?1' },
    ],
    [
      'a link in the app (same-origin, ?1)',
      'bought',
      { ...NAVIGATION, 'sec-fetch-site': 'same-origin', 'sec-fetch-user': '?1' },
    ],
    [
      "speculation rules prefetch, any site's (none, Sec-Purpose: prefetch)",
      'priced button',
      { ...NAVIGATION, 'sec-fetch-site': 'none', 'sec-purpose': 'prefetch' },
    ],
    [
      'speculation rules prerender (none, Sec-Purpose: prefetch;prerender)',
      'priced button',
      { ...NAVIGATION, 'sec-fetch-site': 'none', 'sec-purpose': 'prefetch;prerender' },
    ],
    [
      "the address bar's prerender (none, ?1, Sec-Purpose)",
      'priced button',
      { ...NAVIGATION, 'sec-fetch-site': 'none', 'sec-fetch-user': '?1', 'sec-purpose': 'prefetch;prerender' },
    ],
    [
      "an older browser's prefetch (Purpose: prefetch)",
      'priced button',
      { ...NAVIGATION, 'sec-fetch-site': 'none', 'sec-fetch-user': '?1', purpose: 'prefetch' },
    ],
    [
      'a same-origin prefetch (same-origin, Sec-Purpose)',
      'priced button',
      { ...NAVIGATION, 'sec-fetch-site': 'same-origin', 'sec-purpose': 'prefetch' },
    ],
    [
      '<link rel=prefetch> from another site (no-cors)',
      'priced button',
      {
        'sec-fetch-mode': 'no-cors',
        'sec-fetch-dest': 'empty',
        'sec-fetch-site': 'cross-site',
        'sec-purpose': 'prefetch',
      },
    ],
    [
      'a link on another port of this host (same-site, ?1)',
      'priced button',
      { ...NAVIGATION, 'sec-fetch-site': 'same-site', 'sec-fetch-user': '?1' },
    ],
    [
      'a link, popup or form on another site (cross-site, ?1)',
      'priced button',
      { ...NAVIGATION, 'sec-fetch-site': 'cross-site', 'sec-fetch-user': '?1' },
    ],
    ['no person started it (none, no Sec-Fetch-User)', 'app decides', { ...NAVIGATION, 'sec-fetch-site': 'none' }],
    [
      "a script's navigation in the app (same-origin, no Sec-Fetch-User)",
      'app decides',
      { ...NAVIGATION, 'sec-fetch-site': 'same-origin' },
    ],
  ];
  let row = 0;
  it.each(rows)('%s: %s', async (_name, outcome, headers) => {
    const tag = `ada__nav${row++}${Math.random().toString(36).slice(2, 6)}`;
    for (const address of [`/timeline?screen_name=${tag}`, `/search?q=${tag}`]) {
      const { status, headers: answer, text: html } = await get(address, headers);
      expect(status).toBe(200);
      const gate = html.includes('data-testid="arrival-gate"');
      if (outcome === 'bought') expect(html).toContain('data-server-rendered');
      expect(gate).toBe(outcome === 'priced button');
      // The browser is told too (page-guard's cookie), so the app it runs shows the same button.
      if (outcome === 'priced button' && headers['sec-fetch-mode'] === 'navigate')
        expect(String(answer['set-cookie'])).toContain('creditscope-arrival=foreign');
      if (outcome === 'app decides') expect(html).toContain('<div id="root"></div>');
    }
    expect(await callsNaming(tag)).toBe(outcome === 'bought' ? 2 : 0);
  });
});
