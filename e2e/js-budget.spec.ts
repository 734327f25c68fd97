import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import zlib from 'node:zlib';

/**
 * The JavaScript a page loads before it is ready (its first post on a timeline, a quiet network elsewhere),
 * gzipped as `npm run bench` counts it. Issue 14's budget is 125 KB on every route; a route still above it
 * has the figure it has reached (rounded up) as its ceiling, so it can only get lighter, and takes BUDGET_KB
 * once it is under (README, "Performance", says what holds each back). Sizes, not timings: the same build
 * gives the same figure on any machine.
 */
const BUDGET_KB = 125;
/**
 * Ceilings above the budget, until each route is under it: the figure each reached, plus under 1 KB. Raised
 * 1.4 KB on every route once (incremental cache and journal writes, which every page loads to restore its
 * cache); lowered 2-4 KB once the jobs pill, the error words, the Credits page's ledger calls and the shortcut
 * list left the shell (/ 126.1, /timeline 162.1, /search 136.4, /credits 132.2 KB); / under the budget, /search
 * and /credits lowered once the bought lists, the purchase code, the error words, the Credits exports and the
 * post schemas left the pages that do not show or use them, and a search page no longer loads the timeline's
 * inspect menu (/ 123.8, /timeline 162.2, /search 133.6, /credits 129.9 KB); raised 1 KB on /timeline, /search
 * and /credits when /search came to be rendered on the server and dates to be written in the browser's zone
 * (the shell +0.2 KB; /timeline 163.0, /search 134.0, /credits 130.0 KB); /credits 128.7 KB once its ledger calls
 * and mutation observer left its first load, then /credits 128.4 and /timeline 162.3 KB once small shared helpers
 * were grouped and the timeline's Check for new posts left useMutation too; /timeline 161.9 KB once its export
 * code loaded on the click; /credits raised 0.4 KB (128.7 KB) when the meter came to read the page's date
 * style and rendered moment, so a server-rendered page hydrates with the same rate and times it was written with;
 * /credits raised 0.2 KB (128.9 KB) when the shell came to tell a prerendered or prefetched document from one a
 * person opened (src/api/purchase/arrival.ts), so another site's speculation rules buy nothing; /credits raised 1.0 KB
 * (129.9 KB) and /search 1.4 KB (136.4 KB) when server rendering moved onto TanStack Router's own SSR: its
 * hydration code sits in the router's module, in the shell (1.0 KB), and a rendered page loads the chunk that
 * hydrates it (src/app/hydrate-server-page.tsx, 1.0 KB); / over the budget by 0.5 KB for the same reason (125.5 KB
 * once all its chunks load before the network is idle), /timeline lighter (its icons are one sprite file); /credits
 * raised 1 KB (130.1 KB) and / 1 KB (126.0 KB) when the shell came to keep this browser's copy of a page the server
 * rendered from its archive, and cards came to link their posts and authors; /timeline raised 1 KB (162.9 KB) and
 * /search 1 KB (137.2 KB) when each page of a list came to start with a divider saying what it cost, and auto-load
 * to stop and ask after the paid pages the person chose (#27); /credits raised 4.8 KB (134.9 KB) when
 * it came to show where the credits went (by handle, query, day and job: its table, chart, periods and CSV) and
 * the spend alerts (the shell keeps only their watch; their notice loads when one fires); /search raised
 * 1.8 KB more when its every priced control came to ask the server's archive what it would serve free
 * (src/api/use-price.ts); every route
 * raised 1 KB when the shell came to ask who is signed in (#28: GET /api/_auth/me, the exposed banner's and
 * the signed-in menu's slots, a 401 sign-in-required leading to /sign-in); the menu, the banner and Credits' spend
 * by person are chunks of their own, loaded only where the server knows people; / , /timeline, /search and
 * /credits about 1 KB more when the header's meter came to pace the last 15 minutes, fit itself to one line
 * (src/lib/use-one-line.ts) and name whose limit warns. Measured with all of #27 and #28: / 128.9, /timeline 166.3,
 * /credits 137.2 KB; / 129.2 KB once the meter came to name a person's own limit (#28). With #33.9's words and exports,
 * none raised: the header's shortcuts, the error panel, Check for new posts' buying and auto-load's prompt load when
 * first used (/ 129.2, /timeline 166.3, /search 141.3, /credits 137.4 KB).
 */
const ROUTES: { path: string; ceilingKb: number; ready: (page: Page) => Promise<unknown> }[] = [
  { path: '/', ceilingKb: BUDGET_KB + 5, ready: (page) => page.waitForLoadState('networkidle') },
  {
    path: '/timeline?screen_name=grace',
    ceilingKb: BUDGET_KB + 42,
    ready: (page) => page.locator('article').first().waitFor(),
  },
  { path: '/search?q=budget', ceilingKb: BUDGET_KB + 17, ready: (page) => page.waitForLoadState('networkidle') },
  { path: '/credits', ceilingKb: BUDGET_KB + 13, ready: (page) => page.waitForLoadState('networkidle') },
];

for (const { path, ceilingKb, ready } of ROUTES) {
  test(`${path} loads at most ${ceilingKb} KB of JavaScript (gzip) before it is ready`, async ({ page }) => {
    const scripts = new Map<string, Promise<Buffer>>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        scripts.set(new URL(response.url()).pathname, response.body());
    });
    await page.goto(path);
    await ready(page);
    const sizes = await Promise.all(
      [...scripts].map(async ([name, body]) => ({ name, bytes: zlib.gzipSync(await body, { level: 9 }).length })),
    );
    const totalKb = sizes.reduce((sum, { bytes }) => sum + bytes, 0) / 1024;
    const detail = sizes
      .sort((a, b) => b.bytes - a.bytes)
      .map(({ name, bytes }) => `${name} ${(bytes / 1024).toFixed(1)} KB`)
      .join(', ');
    expect(totalKb, `${totalKb.toFixed(1)} KB: ${detail}`).toBeLessThanOrEqual(ceilingKb);
  });
}
