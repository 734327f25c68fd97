import { HEADER } from '../src/contract/headers.ts';
import type { Watch } from '../src/contract/watches.ts';
import { expect, test } from './support/test.ts';
import { startInstance } from './support/instances.ts';
import { E2E } from './support/ports.ts';
import { alias, standin } from './support/standin.ts';

/**
 * What's new on the Watches page, paged (#37): two watches' first runs find 40 posts, the page shows the newest
 * 25 with each watch's whole count, and "Show more" reads the rest from the server, free (the stand-in's log). The
 * navigation asks for the count alone on every page, never the items.
 *
 * Production project only: its exact counts (40, 25 of 40) and "mark all seen" need What's new to be its own, and
 * on the shared dev server they would meet e2e/watches.spec.ts's items (playwright.config.ts, DEV_SUITES).
 */
const upstream = standin(E2E.upstreamStandin);
const HEADERS = { [HEADER.client]: '1', 'content-type': 'application/json' };

let instance: Awaited<ReturnType<typeof startInstance>> | undefined;
test.afterAll(async () => {
  await instance?.stop();
});

test("What's new shows the newest 25 and the rest on Show more, free; the navigation reads only the count", async ({
  page,
}) => {
  test.setTimeout(90_000);
  instance = await startInstance(E2E.watchesNewApp, {
    API_BASE_URL: `http://127.0.0.1:${E2E.upstreamStandin}`,
    API_TOKEN: E2E.token,
    CREDITSCOPE_DATA_DIR: `${process.env.CREDITSCOPE_E2E_DIR}/watches-new-${Date.now()}`,
  });
  const { origin } = instance;
  const handles = [alias('ada', 'watchesnew'), alias('grace', 'watchesnew')];
  // A timeline page bought first: creditscope learns what a page costs from it.
  const learn = await fetch(`${origin}/api/v1/social/microblog/posts?screen_name=${handles[0]}`, { headers: HEADERS });
  expect(learn.status).toBe(200);
  // Two watches, each run once: each first run's page (20 posts) is all new.
  for (const handle of handles) {
    const created = await fetch(`${origin}/api/_watches`, {
      method: 'POST',
      headers: HEADERS,
      body: JSON.stringify({
        kind: 'timeline',
        target: { screen_name: handle },
        schedule: { every: '6h' },
        cap: { credits: '1', per: 'day' },
      }),
    });
    const { watch } = (await created.json()) as { watch: Watch };
    const ran = await fetch(`${origin}/api/_watches/${watch.id}/run`, {
      method: 'POST',
      headers: HEADERS,
      body: JSON.stringify({ acceptedPerRun: watch.quote.perRun }),
    });
    expect(ran.status).toBe(200);
  }
  const calls = async () => (await upstream.log(handles[0]!)).length + (await upstream.log(handles[1]!)).length;
  expect(await calls()).toBe(3);

  // On another page the navigation asks for the count alone.
  const watchesCalls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/_watches/new')) watchesCalls.push(pathname);
  });
  await page.goto(`${origin}/history`);
  await expect(page.getByTestId('watches-new-count')).toHaveText('40');
  expect(watchesCalls.length).toBeGreaterThan(0);
  expect(watchesCalls.filter((pathname) => pathname !== '/api/_watches/new/count')).toEqual([]);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Watches' }).click();
  await expect(page.getByTestId('new-item')).toHaveCount(25);
  await expect(page.getByTestId('new-section').getByRole('heading', { name: "What's new (40)" })).toBeVisible();
  // Each watch's heading counts all its items, loaded or not.
  await expect(page.getByTestId('new-group-count')).toHaveText(['20 new items', '20 new items']);
  const more = page.getByTestId('new-show-more');
  await expect(more).toHaveText('Show more (25 of 40 shown)');
  await more.click();
  await expect(page.getByTestId('new-item')).toHaveCount(40);
  await expect(more).toHaveCount(0);
  const keys = await page.getByTestId('new-item').evaluateAll((items) => items.map((item) => item.dataset.key));
  expect(new Set(keys).size).toBe(40);
  // Reading and paging what is new bought nothing.
  expect(await calls()).toBe(3);

  await page.getByTestId('new-seen-all').click();
  await expect(page.getByTestId('new-empty')).toBeVisible();
  await expect(page.getByTestId('watches-new-count')).toHaveCount(0);
});
