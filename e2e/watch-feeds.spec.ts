import { HEADER } from '../src/contract/headers.ts';
import { expect, test } from './support/test.ts';
import { startInstance } from './support/instances.ts';
import { E2E } from './support/ports.ts';
import { alias, standin } from './support/standin.ts';

/**
 * Atom feeds of watches (#37) on the Watches page, on an instance of its own (production server, upstream mode):
 * the page shows the person's feed address and each watch's, a feed reader's fetch of them answers Atom that the
 * browser's own XML parser reads strictly and that buys nothing (the stand-in's log), and a reset (asked twice)
 * puts a new address on the page while the old one answers 404.
 *
 * Production project only: on the shared dev server its watch and feed entries would be mixed with
 * e2e/watches.spec.ts's, whose lists must be that spec's alone (playwright.config.ts, DEV_SUITES).
 */
const upstream = standin(E2E.upstreamStandin);
const APP = { [HEADER.client]: '1' };

let instance: Awaited<ReturnType<typeof startInstance>> | undefined;
test.afterAll(async () => {
  await instance?.stop();
});

test('feed addresses to copy, read without spending, and reset', async ({ page }) => {
  test.setTimeout(90_000);
  instance = await startInstance(E2E.watchFeedsApp, {
    API_BASE_URL: `http://127.0.0.1:${E2E.upstreamStandin}`,
    API_TOKEN: E2E.token,
    CREDITSCOPE_DATA_DIR: `${process.env.CREDITSCOPE_E2E_DIR}/watch-feeds-${Date.now()}`,
  });
  const handle = alias('ada', 'watchfeeds');
  // A page bought first (the price of a page is learnt from it), then a watch run once, as the app sends them.
  await page.goto(`${instance.origin}/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  const created = await page.request.post(`${instance.origin}/api/_watches`, {
    headers: APP,
    data: {
      kind: 'timeline',
      target: { screen_name: handle },
      schedule: { every: '1h' },
      cap: { credits: '1', per: 'day' },
    },
  });
  const { watch } = (await created.json()) as { watch: { id: string; quote: { perRun: string } } };
  const run = await page.request.post(`${instance.origin}/api/_watches/${watch.id}/run`, {
    headers: APP,
    data: { acceptedPerRun: watch.quote.perRun },
  });
  expect(run.status()).toBe(200);
  expect(await upstream.log(handle)).toHaveLength(2);

  await page.goto(`${instance.origin}/watches`);
  const section = page.getByTestId('feed-section');
  const all = section.getByTestId('watches-feed-link');
  await expect(all).toHaveText(new RegExp(`^${instance.origin}/feeds/[A-Za-z0-9_-]{32}/watches\\.atom$`));
  const address = (await all.getAttribute('href'))!;
  const row = page.getByTestId('watch-row');
  await expect(row.getByTestId('watch-feed-link')).toHaveAttribute(
    'href',
    address.replace(/watches\.atom$/, `watches/${watch.id}.atom`),
  );
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await section.getByRole('button', { name: 'Copy feed address' }).click();
  await expect(section.getByText('Copied: paste it into your feed reader.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  await page.screenshot({ path: test.info().outputPath('watch-feeds.png'), fullPage: true });

  // A feed reader's request (no cookie, no app header): Atom with the run's posts, strictly well-formed, free.
  for (const feed of [address, (await row.getByTestId('watch-feed-link').getAttribute('href'))!]) {
    const response = await fetch(feed);
    expect(response.status).toBe(200);
    const xml = await response.text();
    const read = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null,
        entries: doc.getElementsByTagName('entry').length,
      };
    }, xml);
    expect(read).toEqual({ error: null, entries: 20 });
  }
  expect(await upstream.log(handle)).toHaveLength(2);

  // Reset, asked twice: a new address on the page, and the old one names nobody.
  await section.getByTestId('feed-reset').click();
  await section.getByTestId('feed-reset-confirm').click();
  await expect(all).not.toHaveAttribute('href', address);
  await expect(all).toHaveText(/\/feeds\/[A-Za-z0-9_-]{32}\/watches\.atom$/);
  expect((await fetch(address)).status).toBe(404);
  expect((await fetch((await all.getAttribute('href'))!)).status).toBe(200);
});
