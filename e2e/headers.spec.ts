import { type Page, type Response } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { alias } from './support/standin.ts';
import { serverRendered } from './support/rendering.ts';

/**
 * The production server's headers as the browser receives them, and the app working under its
 * Content-Security-Policy: the inline scripts run (allowed by hash), styles, chunks and images load,
 * and nothing is reported as a violation. The production project only (the dev server sends no such policy).
 */
declare global {
  interface Window {
    cspViolations: string[];
  }
}

/** Violations as the page reports them (the event) and as the console does (both are watched). */
async function watchPolicy(page: Page) {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/content security policy|refused to (load|execute|apply|connect|frame)/i.test(message.text()))
      console.push(message.text());
  });
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return async () => ({ console, events: await page.evaluate(() => window.cspViolations) });
}

function directives(policy: string | undefined): Map<string, string[]> {
  expect(policy, 'Content-Security-Policy header').toBeTruthy();
  return new Map(
    policy!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

test('a page and its assets carry the security headers, and the app runs under the policy with no violation', async ({
  page,
}) => {
  const violations = await watchPolicy(page);
  const assets: Response[] = [];
  page.on('response', (response) => {
    if (/\/assets\/[^/]+\.(js|css)$/.test(new URL(response.url()).pathname)) assets.push(response);
  });

  const handle = alias('ada', 'headers');
  const document = await page.goto(`/timeline?screen_name=${handle}`);
  const headers = document!.headers();
  const policy = directives(headers['content-security-policy']);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
  // What is inline is named: a server-rendered page's scripts by this response's nonce, the SPA page's early-fetch
  // script by its hash.
  const rendered = await serverRendered(page);
  expect(
    policy.get('script-src')!.filter((source) => source.startsWith(rendered ? "'nonce-" : "'sha256-")).length,
  ).toBeGreaterThan(0);
  expect(policy.get('style-src')).not.toContain("'unsafe-inline'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['cache-control']).toBe('no-cache');
  expect(headers['content-encoding']).toBe('br');

  // The server bought the first page into the document, or the SPA's early fetch (an inline script) did before
  // the bundle ran; posts and images render either way.
  await expect(page.locator('article').first()).toBeVisible();
  const avatar = page.locator('article img').first();
  await expect(avatar).toBeVisible();
  await expect
    .poll(() => avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
  const earlyFetch = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/api/v1/social/microblog/posts'))
      .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
  );
  expect(earlyFetch).toEqual(rendered ? [] : ['fetch']);

  expect(assets.length).toBeGreaterThan(1);
  for (const asset of assets) {
    const assetHeaders = await asset.allHeaders();
    expect(assetHeaders['cache-control'], asset.url()).toBe('public, max-age=31536000, immutable');
    expect(assetHeaders['x-content-type-options']).toBe('nosniff');
    // The entry script and the stylesheet come precompressed (files under 1 KB are sent as they are).
    if (/\/assets\/index-/.test(asset.url())) expect(assetHeaders['content-encoding'], asset.url()).toBe('br');
    expect(assetHeaders.vary?.toLowerCase()).toContain('accept-encoding');
    expect(directives(assetHeaders['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
  }

  expect(await violations()).toEqual({ console: [], events: [] });
});

test('every page of the app runs under the policy with no violation', async ({ page }) => {
  const violations = await watchPolicy(page);
  for (const [address, ready] of [
    ['/', page.getByRole('heading', { level: 1, name: 'What do you want to look at?' })],
    [`/search?q=${alias('csp', 'search')}&num=5`, page.getByTestId('search-result').first()],
    ['/credits', page.getByRole('heading', { level: 1, name: 'Credits' })],
    ['/history', page.getByRole('heading', { level: 1, name: 'History' })],
  ] as const) {
    await page.goto(address);
    await expect(ready, address).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  // The lightbox is a chunk of its own, loaded on first use: open it, and its full-size image, under the policy.
  await page.goto(`/timeline?screen_name=${alias('ada', 'csplightbox')}`);
  await page.getByTestId('photo-tile').first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect
    .poll(() => dialog.getByTestId('lightbox-image').evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  expect(await violations()).toEqual({ console: [], events: [] });
});
