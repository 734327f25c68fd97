import type { Browser, Page } from '@playwright/test';

type LogEntry = { path: string; query: Record<string, string>; body: unknown };

async function log(standinOrigin: string, match: string): Promise<LogEntry[]> {
  return (await fetch(`${standinOrigin}/_control/log?match=${encodeURIComponent(match)}`)).json() as Promise<
    LogEntry[]
  >;
}

/** The network has been quiet for 500 ms: anything the page was going to buy has been asked for. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => {});
}

/** A page's identity as the upstream saw it: the canonical parameters the proxy sent. */
function pageOf(call: LogEntry): string {
  return JSON.stringify([call.path, call.query, call.body]);
}

/**
 * A scripted session that tempts every re-buy: paging both ways, searches with paging, another
 * spelling of the handle, defaults typed out, away and back, a real refocus, reload and a second tab.
 * Returns upstream calls per distinct page bought (1.00 is the goal).
 */
export async function paidCallsPerDistinctPage(browser: Browser, origin: string, standinOrigin: string) {
  const tag = `b${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const handle = `ada__${tag}`;
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/timeline?screen_name=${handle}`);
  await page.locator('article').first().waitFor();
  for (let i = 0; i < 60 && (await log(standinOrigin, handle)).length < 3; i++) {
    await page.mouse.wheel(0, 2500);
    await settle(page);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page
    .getByTestId('show-newer')
    .click()
    .catch(() => {});
  await settle(page);
  for (const q of [`${tag} first`, `${tag} second`]) {
    await page.goto(`${origin}/search?q=${encodeURIComponent(q)}`);
    await settle(page);
    await page.goto(`${origin}/search?q=${encodeURIComponent(q)}&page=2`);
    await settle(page);
  }
  await page.goto(`${origin}/search?q=${encodeURIComponent(`${tag} first`)}&page=1&num=10`);
  await settle(page);
  await page.goto(`${origin}/timeline?screen_name=${handle.toUpperCase()}`);
  await settle(page);
  await page.goBack();
  await settle(page);
  await page.goBack();
  await settle(page);
  await page.goForward();
  await settle(page);
  const other = await context.newPage();
  await other.bringToFront();
  await page.bringToFront();
  await other.close();
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await settle(page);
  await page.reload();
  await settle(page);
  const second = await context.newPage();
  await second.goto(`${origin}/timeline?screen_name=${handle}`);
  await settle(second);
  await second.goto(`${origin}/search?q=${encodeURIComponent(`${tag} first`)}`);
  await settle(second);
  await context.close();

  const calls = await log(standinOrigin, tag);
  const distinct = new Set(calls.map(pageOf));
  return { calls: calls.length, distinct: distinct.size, ratio: distinct.size ? calls.length / distinct.size : 0 };
}
