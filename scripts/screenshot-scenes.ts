import type { Browser, BrowserContext, Page } from 'playwright-core';

/** One image: its file, its window, and how to bring the page to the state it shows. */
export interface Shot {
  file: string;
  width: number;
  height: number;
  dark?: boolean;
  fullPage?: boolean;
  open: (page: Page, origin: string) => Promise<void>;
}

const HEADERS = { 'x-creditscope-client': '1', 'content-type': 'application/json' };
/**
 * The Credits page is shot as if 40 minutes had passed since the session started: a rate read off the
 * session's first seconds would be meaningless (the meter waits a minute before it shows one).
 */
const LATER_MS = 40 * 60_000;

/** Idle network, fonts and images in, no spinner: what a person would see once the page settled. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await page
    .locator('[role="status"] .animate-spin')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

async function visit(page: Page, url: string, ready: string) {
  await page.goto(url);
  await page.locator(ready).first().waitFor();
  await settle(page);
}

/**
 * One person's browser for every image, so the start page lists what it bought, a page bought once is
 * "cached" the next time, and the ledger has a bit of everything: pages, a later page (with a cursor),
 * searches with options, a failure that cost nothing, under a personal limit.
 */
let person: BrowserContext | null = null;
/** The collection job the scene ran, for the Jobs page's image. */
let jobId = '';

async function api<T>(origin: string, pathname: string, body: unknown): Promise<T> {
  const response = await fetch(`${origin}${pathname}`, {
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<T>;
}

/** A small collection job, quoted and accepted as the Jobs page would, run to its end (bounded wait). */
async function runJob(origin: string) {
  const spec = { handles: ['ada', 'grace'], searches: ['analytical engine'], timeline: { pages: 2 }, searchPages: 1 };
  const { quote } = await api<{ quote: { maxCredits: string } }>(origin, '/api/_jobs/quote', spec);
  const { job } = await api<{ job: { id: string } }>(origin, '/api/_jobs', {
    ...spec,
    acceptedMaxCredits: quote.maxCredits,
  });
  jobId = job.id;
  for (let tries = 0; tries < 100; tries++) {
    const state = await fetch(`${origin}/api/_jobs/${jobId}`, { headers: HEADERS }).then(
      (response) => response.json() as Promise<{ job: { status: string } }>,
    );
    if (state.job.status !== 'running') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the scene's collection job did not finish within 20 s");
}

/** A watch on @ada, saved and run once as the Watches page would (its per-run price accepted): what it found is new. */
async function runWatch(origin: string) {
  const { watch } = await api<{ watch: { id: string; quote: { perRun: string } } }>(origin, '/api/_watches', {
    kind: 'timeline',
    target: { screen_name: 'ada' },
    schedule: { every: '1h' },
    timeZone: 'Europe/London',
    cap: { credits: '3', per: 'day' },
  });
  await api(origin, `/api/_watches/${watch.id}/run`, { acceptedPerRun: watch.quote.perRun });
}

export async function scene(browser: Browser, origin: string) {
  person = await browser.newContext({
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    viewport: { width: 1280, height: 900 },
  });
  await fetch(`${origin}/api/_session/budget`, {
    method: 'PUT',
    headers: HEADERS,
    body: JSON.stringify({ limit: '3' }),
  });
  const page = await person.newPage();
  await visit(page, `${origin}/timeline?screen_name=grace`, 'article');
  await visit(page, `${origin}/search?q=${encodeURIComponent('analytical engine')}`, '[data-testid="search-results"]');
  await page.getByRole('button', { name: /Next/ }).first().click();
  await settle(page);
  await visit(page, `${origin}/search?q=compilers&site=example.org&hl=en`, '[data-testid="search-results"]');
  await visit(page, `${origin}/timeline?screen_name=no_such_user_x`, 'main h1, main h2');
  await page.close();
  await runJob(origin);
  await runWatch(origin);
}

/** A page of the person's browser at the shot's size and colour scheme. */
export async function personPage(shot: Shot): Promise<Page> {
  const page = await person!.newPage();
  await page.setViewportSize({ width: shot.width, height: shot.height });
  await page.emulateMedia({ colorScheme: shot.dark ? 'dark' : 'light' });
  return page;
}

const timeline = (origin: string) => `${origin}/timeline?screen_name=ada`;

async function credits(page: Page, origin: string, inspect: boolean) {
  await page.clock.setFixedTime(Date.now() + LATER_MS);
  await visit(page, `${origin}/credits`, '[data-testid="ledger-row"]');
  if (!inspect) return;
  await page.getByRole('searchbox', { name: 'Contains' }).fill('cursor');
  await page.getByTestId('ledger-row').first().getByRole('button').first().click();
  await page.getByTestId('inspector-body').waitFor();
  await settle(page);
}

/** The README's images, in the order a first visit would take them (the first timeline shot buys Ada's page). */
export const IMAGES: readonly Shot[] = [
  {
    file: 'timeline-light.png',
    width: 1280,
    height: 1300,
    open: (page, origin) => visit(page, timeline(origin), 'article'),
  },
  {
    file: 'timeline-dark.png',
    width: 1280,
    height: 1300,
    dark: true,
    open: async (page, origin) => {
      await visit(page, timeline(origin), 'article');
      // A second page, bought by scrolling: the ledger gets a call with a cursor.
      await page.getByTestId('paging-footer').scrollIntoViewIfNeeded();
      await page.getByText(/40 posts from 2 pages/).waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await settle(page);
    },
  },
  {
    file: 'timeline-phone.png',
    width: 375,
    height: 812,
    open: (page, origin) => visit(page, timeline(origin), 'article'),
  },
  {
    file: 'search.png',
    width: 1280,
    height: 900,
    open: (page, origin) =>
      visit(page, `${origin}/search?q=${encodeURIComponent('difference engine')}`, '[data-testid="search-results"]'),
  },
  { file: 'start.png', width: 1280, height: 900, open: (page, origin) => visit(page, `${origin}/`, 'main h1') },
  {
    file: 'start-dark.png',
    width: 1280,
    height: 900,
    dark: true,
    open: (page, origin) => visit(page, `${origin}/`, 'main h1'),
  },
  {
    file: 'history.png',
    width: 1280,
    height: 900,
    open: (page, origin) => visit(page, `${origin}/history`, '[aria-label="Pages, newest first"]'),
  },
  {
    file: 'jobs.png',
    width: 1280,
    height: 1100,
    open: (page, origin) => visit(page, `${origin}/jobs?job=${jobId}`, '[data-testid="job-items"]'),
  },
  {
    file: 'watches.png',
    width: 1280,
    height: 1000,
    open: (page, origin) => visit(page, `${origin}/watches`, '[data-testid="new-item"]'),
  },
  {
    file: 'find.png',
    width: 1280,
    height: 1000,
    open: (page, origin) => visit(page, `${origin}/find?q=engine`, '[data-testid="find-hit"]'),
  },
  {
    file: 'credits.png',
    width: 1280,
    height: 900,
    fullPage: true,
    open: (page, origin) => credits(page, origin, false),
  },
  { file: 'inspector.png', width: 1280, height: 1000, open: (page, origin) => credits(page, origin, true) },
];

/** For checking a change by eye (`--review <dir>`): the Credits page with the inspector open, three ways. */
export const REVIEW: readonly Shot[] = [
  {
    file: 'credits-inspector-light.png',
    width: 1280,
    height: 1000,
    open: (page, origin) => credits(page, origin, true),
  },
  {
    file: 'credits-inspector-dark.png',
    width: 1280,
    height: 1000,
    dark: true,
    open: (page, origin) => credits(page, origin, true),
  },
  { file: 'credits-inspector-375.png', width: 375, height: 812, open: (page, origin) => credits(page, origin, true) },
  {
    file: 'credits-375.png',
    width: 375,
    height: 812,
    fullPage: true,
    open: (page, origin) => credits(page, origin, false),
  },
];
