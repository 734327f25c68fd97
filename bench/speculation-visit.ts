import type { Browser } from '@playwright/test';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type LogEntry = { path: string };

/**
 * One visit to another site whose `<script type="speculationrules">` lists 45 of the app's timelines and 15
 * searches (prefetch and prerender, eagerness immediate): how many speculative loads Chromium made, and the
 * upstream calls and credits they cost. No click: the person only opened that site. The goal is 0.
 */
export async function oneForeignVisit(browser: Browser, origin: string, standinOrigin: string) {
  const tag = `v${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const timelines = Array.from({ length: 45 }, (_, i) => `${origin}/timeline?screen_name=ada__${tag}${i}`);
  const searches = Array.from({ length: 15 }, (_, i) => `${origin}/search?q=${tag}+${i}`);
  const rules = {
    prefetch: [{ source: 'list', urls: [...timelines.slice(0, 35), ...searches.slice(0, 10)], eagerness: 'immediate' }],
    prerender: [{ source: 'list', urls: [...timelines.slice(35), ...searches.slice(10)], eagerness: 'immediate' }],
  };
  const foreign = http.createServer((_request, response) => {
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(`<!doctype html><script type="speculationrules">${JSON.stringify(rules)}</script>`);
  });
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    // Chromium reports each speculative load (CDP Preload domain); the visit is over once they stop changing.
    const cdp = await context.newCDPSession(page);
    const status = new Map<string, string>();
    let changedAt = Date.now();
    cdp.on('Preload.prefetchStatusUpdated', (event) => {
      status.set(event.prefetchUrl, event.prefetchStatus ?? event.status);
      changedAt = Date.now();
    });
    await cdp.send('Preload.enable');
    // `localhost` is another site to the app on 127.0.0.1.
    await page.goto(`http://localhost:${(foreign.address() as AddressInfo).port}/`);
    const started = Date.now();
    while (Date.now() - started < 60_000 && (status.size === 0 || Date.now() - changedAt < 4_000))
      await new Promise((resolve) => setTimeout(resolve, 250));
    const calls = ((await (await fetch(`${standinOrigin}/_control/log?match=${tag}`)).json()) as LogEntry[]).filter(
      (call) => call.path.startsWith('/v1/'),
    );
    const { prices } = (await (
      await fetch(`${origin}/api/_session`, { headers: { 'x-creditscope-client': '1' } })
    ).json()) as { prices: { timeline: string; search: string } };
    const searchCalls = calls.filter((call) => call.path === '/v1/search').length;
    const credits = searchCalls * Number(prices.search) + (calls.length - searchCalls) * Number(prices.timeline);
    const answered = [...status.values()].filter((value) => value === 'PrefetchSuccessfulButNotUsed').length;
    return {
      listed: timelines.length + searches.length,
      answered,
      calls: calls.length,
      credits: Math.round(credits * 100) / 100,
    };
  } finally {
    await context.close();
    foreign.close();
  }
}
