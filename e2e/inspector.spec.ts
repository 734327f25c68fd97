import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import fs from 'node:fs';
import { scrollToEnd, scrollUntil } from './timeline-support.ts';
import { startInstance } from './support/instances.ts';
import { E2E } from './support/ports.ts';
import { alias, standin } from './support/standin.ts';
import { HEADER } from '../src/contract/headers.ts';
import { wcagViolations } from './support/axe.ts';

test('a search result page opens the request inspector for the call that bought it', async ({ page }) => {
  const q = `inspect me ${Date.now().toString(36)}`;
  await page.goto(`/search?q=${encodeURIComponent(q)}&num=3`);
  await expect(page.getByTestId('paid-badge')).toBeVisible();
  await page.getByRole('button', { name: 'Inspect the call that bought this page' }).click();
  const dialog = page.getByTestId('request-inspector');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('inspector-request')).toContainText('POST /v1/search');
  await expect(dialog.getByTestId('inspector-params')).toContainText(q);
  await expect(dialog.getByTestId('copy-as-text')).toContainText('$API_TOKEN');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('any page of a timeline on screen opens the inspector for the call that bought it, not only the last', async ({
  page,
}) => {
  const handle = alias('grace', 'inspectpages');
  await page.goto(`/timeline?screen_name=${handle}`);
  // Grace has 47 posts: three pages, and the empty page after them may be asked for too. Read the count once
  // the end is reached, or an auto-load still on its way adds a page after it was read.
  await scrollUntil(page, 41);
  await expect
    .poll(
      async () => {
        await scrollToEnd(page);
        return page.getByTestId('end-of-timeline').isVisible();
      },
      { timeout: 20_000, intervals: [150, 250, 400] },
    )
    .toBe(true);
  await expect(page.getByTestId('paging-footer').getByText('Loading more posts…')).toHaveCount(0);
  const pages = Number(/from (\d+) pages/.exec((await page.getByTestId('spend-line').textContent()) ?? '')?.[1]);
  expect(pages).toBeGreaterThanOrEqual(3);
  const menu = page.getByTestId('inspect-pages');
  await menu.click();
  const panel = page.getByRole('dialog', { name: 'Inspect the call that bought a page' });
  await expect(panel.getByRole('button')).toHaveCount(pages);
  await expect(panel.getByRole('button').nth(0)).toContainText(/^Page 1 · posts 1–20 · bought .+ · 0\.1 credits$/);

  // The first page: no cursor. Then the second: the cursor the first page gave.
  await panel.getByRole('button', { name: /^Page 1 / }).click();
  const dialog = page.getByTestId('request-inspector');
  await expect(dialog.getByTestId('inspector-operation')).toHaveText(/the first page \(latest posts\)$/);
  await expect(dialog.locator('[data-param="cursor"]')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await menu.click();
  await panel.getByRole('button', { name: /^Page 2 / }).click();
  await expect(dialog.getByTestId('inspector-operation')).toHaveText(/the next page, after one already bought$/);
  await expect(dialog.locator('[data-param="cursor"]')).not.toBeEmpty();
  await expect(dialog.getByTestId('copy-as-text')).toContainText('&cursor=');

  // The Credits ledger says which page in words; the cursor as sent stays on hover.
  await page.keyboard.press('Escape');
  await page.goto('/credits');
  const params = page.getByTestId('ledger-row').getByText(`next page of @${handle}`, { exact: true });
  await expect(params.first()).toBeVisible();
  await expect(params.first()).toHaveAttribute('title', new RegExp(`^screen_name=${handle} cursor=\\S+$`));
  await expect(page.getByTestId('ledger-row').getByText(`first page of @${handle}`, { exact: true })).toHaveCount(1);
});

test.describe('rows from before a restart', () => {
  // One instance, stopped and started again before these tests: they share it, in order, in one worker.
  test.describe.configure({ mode: 'serial' });
  const upstream = standin(E2E.upstreamStandin);
  const dataDir = `${process.env.CREDITSCOPE_E2E_DIR}/inspector-${Date.now()}`;
  const env = {
    API_BASE_URL: `http://127.0.0.1:${E2E.upstreamStandin}`,
    API_TOKEN: E2E.token,
    CREDITSCOPE_DATA_DIR: dataDir,
  };
  const HEADERS = { [HEADER.client]: '1' };
  let instance: Awaited<ReturnType<typeof startInstance>> | undefined;
  const handles = {
    kept: alias('ada', 'kept'),
    retried: alias('ada', 'retried'),
    rebought: alias('ada', 'rebought'),
    failed: alias('ada', 'failed'),
  };

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    // Bought by one server process, which then stops: the next one has none of these calls in memory.
    const first = await startInstance(E2E.inspectorApp, env);
    const timeline = async (handle: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${first.origin}/api/v1/social/microblog/posts?screen_name=${handle}`, {
        headers: { ...HEADERS, ...headers },
      });
      return `${response.status} ${response.ok ? '' : await response.text()}`.trim();
    };
    try {
      expect(await timeline(handles.kept)).toBe('200');
      await upstream.fault({ match: handles.retried, status: 429, retryAfter: '1', times: 1 });
      expect(await timeline(handles.retried)).toBe('200');
      expect(await timeline(handles.rebought)).toBe('200');
      expect(await timeline(handles.rebought, { [HEADER.refresh]: '1' })).toBe('200');
      await upstream.fault({ match: handles.failed, status: 503 });
      expect(await timeline(handles.failed)).toMatch(/^503 /);
    } finally {
      await first.stop();
    }
    instance = await startInstance(E2E.inspectorApp, env);
  });
  test.afterAll(async () => {
    await instance?.stop();
  });

  /** Narrows the ledger to one handle's calls and opens the oldest (or only) one. */
  async function inspect(page: Page, handle: string) {
    await page.getByRole('searchbox', { name: 'Contains' }).fill(handle);
    await page.getByTestId('ledger-row').last().click();
    const dialog = page.getByTestId('request-inspector');
    await expect(dialog.getByTestId('inspector-body')).toBeVisible();
    return dialog;
  }

  test('the inspector still shows the request, status, attempts, headers and the archived raw body, with copy and download', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: instance!.origin });
    await page.goto(`${instance!.origin}/credits`);
    const dialog = await inspect(page, handles.kept);
    await expect(dialog.getByTestId('inspector-facts')).toContainText('200 OK');
    await expect(dialog.getByTestId('inspector-facts')).toContainText('0.1 (charged)');
    await expect(dialog.getByTestId('inspector-operation')).toHaveText(
      `Timeline of @${handles.kept}: the first page (latest posts)`,
    );
    await expect(dialog.getByTestId('inspector-headers')).toContainText('content-typeapplication/json; charset=utf-8');
    await expect(dialog.getByTestId('inspector-headers')).toContainText('x-ratelimit-limit600');
    await expect(dialog.getByTestId('inspector-headers')).not.toContainText(/authorization/i);
    await expect(dialog.getByTestId('inspector-body-source')).toHaveAttribute('data-source', 'archive');
    await expect(dialog.getByTestId('response-tree')).toContainText('"success": true');

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download body' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^creditscope-call-[\w-]{8}\.json$/);
    const body = JSON.parse(fs.readFileSync(await file.path(), 'utf8')) as {
      data: { user: { profile: string } };
      meta: { credits: number };
    };
    expect(body.meta.credits).toBe(0.1);
    await dialog.getByRole('button', { name: 'Show exact text' }).click();
    await expect(dialog.getByTestId('response-raw')).toContainText('"meta":{"credits":0.1}');

    // Copy as curl, HTTPie and fetch: each names the token, none holds it.
    const copied: string[] = [];
    for (const [format, name] of [
      ['curl', 'curl'],
      ['HTTPie', 'HTTPie'],
      ['fetch', 'fetch'],
    ] as const) {
      await dialog.getByText(format, { exact: true }).click();
      await dialog.getByRole('button', { name: `Copy as ${name}` }).click();
      await expect(dialog.getByText(/^Copied\./)).toBeVisible();
      copied.push(await page.evaluate(() => navigator.clipboard.readText()));
    }
    expect(copied[0]).toBe(
      `curl "$API_BASE_URL/v1/social/microblog/posts?screen_name=${handles.kept}" -H "Authorization: Bearer $API_TOKEN"`,
    );
    expect(copied[1]).toBe(
      `http GET "$API_BASE_URL/v1/social/microblog/posts?screen_name=${handles.kept}" "Authorization:Bearer $API_TOKEN"`,
    );
    expect(copied[2]).toContain('const { API_BASE_URL, API_TOKEN } = process.env;');
    expect(copied[2]).toContain('Authorization: `Bearer ${API_TOKEN}`');
    for (const text of copied) expect(text).not.toContain(E2E.token);
    expect(await page.content()).not.toContain(E2E.token);

    expect(await wcagViolations(page, '[data-testid="request-inspector"]')).toEqual([]);
  });

  test('a retried call lists both attempts with the Retry-After the upstream sent', async ({ page }) => {
    await page.goto(`${instance!.origin}/credits`);
    const dialog = await inspect(page, handles.retried);
    const attempts = dialog.getByTestId('inspector-attempts').locator('tbody tr');
    await expect(attempts).toHaveCount(2);
    await expect(attempts.nth(0)).toContainText('429');
    await expect(attempts.nth(0).locator('td').last()).toHaveText('1');
    await expect(attempts.nth(1)).toContainText('200');
    await expect(dialog.getByTestId('inspector-facts')).toContainText('Attempts2');
  });

  test('says when the raw body of a call is no longer kept, and why', async ({ page }) => {
    await page.goto(`${instance!.origin}/credits`);
    const replaced = await inspect(page, handles.rebought);
    await expect(replaced.getByTestId('inspector-body-missing')).toHaveAttribute('data-missing', 'replaced');
    await expect(replaced.getByTestId('inspector-body-missing')).toContainText(
      'The raw body of this call is no longer kept: the same page was bought again later',
    );
    await expect(replaced.getByTestId('inspector-facts')).toContainText('200 OK');
    await page.keyboard.press('Escape');

    const failed = await inspect(page, handles.failed);
    await expect(failed.getByTestId('inspector-facts')).toContainText('503 failed');
    await expect(failed.getByTestId('inspector-body-missing')).toContainText('failed answers are never archived');
    await expect(failed.getByTestId('inspector-attempts').locator('tbody tr')).toHaveCount(3);
  });
});
