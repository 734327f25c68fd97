import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import type { FaultRule } from '../server/standin/faults.ts';
import { E2E } from './support/ports.ts';
import { alias, standin } from './support/standin.ts';
import { settled } from './support/settle.ts';
import { serverAnswered } from './support/rendering.ts';

/** Every test here also fails on any uncaught exception in the page. */
function trackPageErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * `upstreamCalls` 3: a 5xx or 429 without `meta.credits` cannot have been charged, so the proxy tries twice
 * more on its own; the browser adds nothing to what the proxy answered. `absent`: what the message must not say.
 */
const CASES: {
  name: string;
  rule: Omit<FaultRule, 'match'>;
  message: RegExp;
  absent?: RegExp;
  upstreamCalls: number;
  panel?: string;
}[] = [
  { name: '400', rule: { status: 400, body: 'json' }, message: /rejected the request/i, upstreamCalls: 1 },
  {
    name: '401',
    rule: { status: 401, body: 'json-error' },
    message: /token is missing or was rejected[\s\S]*API_TOKEN/i,
    upstreamCalls: 1,
  },
  { name: '403', rule: { status: 403, body: 'text' }, message: /token is missing or was rejected/i, upstreamCalls: 1 },
  // A 404 is the account's own state (said once, with the handle), not an error panel.
  {
    name: '404',
    rule: { status: 404, body: 'json-error' },
    message: /doesn’t exist/i,
    upstreamCalls: 1,
    panel: 'state-not-found',
  },
  {
    name: '429 without Retry-After',
    rule: { status: 429, body: 'json' },
    message: /rate limited[\s\S]*429 Too Many Requests/i,
    upstreamCalls: 3,
  },
  // The gateway page's own title says "502 Bad Gateway": the status the upstream really sent is what counts.
  {
    name: '500 with an HTML body',
    rule: { status: 500, body: 'html' },
    message:
      /upstream failed \(500 Internal Server Error\)[\s\S]*500 Internal Server Error: the upstream sent an HTML error page/i,
    absent: /Bad Gateway/i,
    upstreamCalls: 3,
  },
  {
    name: '502',
    rule: { status: 502, body: 'text' },
    message: /upstream failed \(502 Bad Gateway\)[\s\S]*Error 502: something went wrong/i,
    upstreamCalls: 3,
  },
  {
    name: '503',
    rule: { status: 503, body: 'json-error' },
    message: /upstream failed \(503 Service Unavailable\)[\s\S]*Injected failure 503/i,
    upstreamCalls: 3,
  },
  {
    name: '504',
    rule: { status: 504, body: 'empty' },
    message: /upstream failed \(504 Gateway Timeout\)/i,
    upstreamCalls: 3,
  },
  // An unreadable 200 may already have been charged, so it is not bought again automatically: Retry is the user's call.
  {
    name: 'truncated JSON',
    rule: { status: 200, body: 'truncated' },
    message: /could not be read[\s\S]*not valid JSON/i,
    upstreamCalls: 1,
  },
  {
    name: 'success:false with 200',
    rule: { status: 200, body: 'success-false' },
    message: /could not complete the request/i,
    upstreamCalls: 1,
  },
  {
    name: 'an unknown error shape',
    rule: { status: 500, body: 'unknown-shape' },
    message: /upstream failed \(500 Internal Server Error\)/i,
    upstreamCalls: 3,
  },
];

for (const { name, rule, message, absent, upstreamCalls, panel: panelId = 'error-panel' } of CASES) {
  test(`upstream ${name}: a specific message, ${upstreamCalls === 1 ? 'never retried' : 'retried twice by the proxy'}, never by the browser, no uncaught error`, async ({
    page,
  }) => {
    test.setTimeout(40_000);
    const errors = trackPageErrors(page);
    const handle = alias('grace', name);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/') && request.url().includes(handle)) asked.push(request.url());
    });
    await standin().fault({ match: handle, ...rule });
    await page.goto(`/timeline?screen_name=${handle}`);
    const panel = page.getByTestId(panelId).first();
    await expect(panel).toBeVisible({ timeout: 20_000 });
    await expect(panel).toContainText(message);
    if (absent) await expect(panel).not.toContainText(absent);
    await settled(page);
    expect(await standin().log(handle)).toHaveLength(upstreamCalls);
    // Under `npm start` the server asked while making the document, and inlined the answer: the browser asks nothing.
    expect(asked).toHaveLength((await serverAnswered(page)) ? 0 : 1);
    expect(errors).toEqual([]);
  });
}

test('429 with Retry-After waits as asked before retrying', async ({ page }) => {
  const handle = alias('grace', 'retryafter');
  await standin().fault({ match: handle, status: 429, body: 'json', retryAfter: '2', times: 1 });
  await page.goto(`/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible({ timeout: 15_000 });
  const calls = await standin().log(handle);
  expect(calls).toHaveLength(2);
  expect(Date.parse(calls[1]!.at) - Date.parse(calls[0]!.at)).toBeGreaterThanOrEqual(1900);
});

test.describe('an upstream that does not answer in time', () => {
  test.use({ baseURL: `http://127.0.0.1:${E2E.upstreamApp}` });

  test('becomes a 504 that may have been charged: sent once, never retried unasked, Retry shows its price', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const errors = trackPageErrors(page);
    // One page bought first, so this server knows what a timeline page costs whatever ran before.
    await page.goto(`/timeline?screen_name=${alias('grace', 'pricefirst')}`);
    await expect(page.locator('article').first()).toBeVisible();

    const handle = alias('grace', 'slowpoke');
    // This app runs with UPSTREAM_TIMEOUT_MS=3000 (playwright.config.ts); the stand-in answers the first call after 4 s.
    await standin(E2E.upstreamStandin).fault({ match: handle, latencyMs: 4000, times: 1 });
    await page.goto(`/timeline?screen_name=${handle}`);
    const panel = page.getByTestId('error-panel').first();
    await expect(panel).toBeVisible({ timeout: 30_000 });
    await expect(panel).toContainText('The upstream failed (504 Gateway Timeout)');
    await expect(panel).toContainText(/did not answer within 3 s; it may have charged for this call/);
    await expect(panel).toContainText('so it was not retried automatically');
    const retry = panel.getByRole('button', { name: /^Retry/ });
    await expect(retry).toContainText('0.1 credits');
    await settled(page);
    expect(await standin(E2E.upstreamStandin).log(handle)).toHaveLength(1);

    // Buying it again is the person's call, at the price shown.
    await retry.click();
    await expect(page.locator('article').first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('error-panel')).toHaveCount(0);
    expect(await standin(E2E.upstreamStandin).log(handle)).toHaveLength(2);
    expect(errors).toEqual([]);
  });
});

test('every drifted shape from the wild renders without an error', async ({ page }) => {
  const errors = trackPageErrors(page);
  await page.goto(`/timeline?screen_name=${alias('wild', 'shapes')}`);
  await expect(page.locator('article').nth(10)).toBeVisible();
  await expect(page.getByTestId('error-panel')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('hostile content: no script runs, no javascript:/data: link or image, payloads shown as text', async ({
  page,
}) => {
  const errors = trackPageErrors(page);
  await page.goto(`/timeline?screen_name=${alias('hostile', 'xss')}`);
  await expect(page.locator('article').first()).toBeVisible();
  await page.mouse.move(300, 300);
  await settled(page);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  const hostileSources = await page.evaluate(() =>
    [
      ...[...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? ''),
      ...[...document.querySelectorAll('img')].map((img) => img.getAttribute('src') ?? ''),
    ].filter((value) => /^\s*(javascript|data|vbscript):/i.test(value)),
  );
  expect(hostileSources).toEqual([]);
  await expect(page.getByText('<script>window.__pwned=1</script>').first()).toBeVisible();
  expect(await page.locator('main script, main iframe, main object').count()).toBe(0);
  expect(errors).toEqual([]);
});
