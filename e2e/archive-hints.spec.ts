import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { alias, standin } from './support/standin.ts';
import { settled } from './support/settle.ts';

/** Look-ups of the server's archive this page made (free, but each one is a request). */
function lookups(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/_history/lookup') seen.push(request.url());
  });
  return seen;
}

function paidRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/v1/')) seen.push(request.url());
  });
  return seen;
}

test('a timeline the server’s archive holds says "from archive · 0 credits" on the start page and in menus, and opens without buying', async ({
  browser,
}) => {
  const handle = alias('grace', 'archivehint');
  // Someone else, in another browser, bought it (and Ada's first page, which Grace's reposts name).
  const first = await browser.newContext();
  const buyer = await first.newPage();
  for (const who of [handle, 'ada']) {
    await buyer.goto(`/timeline?screen_name=${who}`);
    await expect(buyer.locator('article').first()).toBeVisible();
  }
  await first.close();
  expect(await standin().log(handle)).toHaveLength(1);

  const second = await browser.newContext();
  const page = await second.newPage();
  const asked = lookups(page);
  const paid = paidRequests(page);
  await page.goto('/');
  const box = page.getByLabel('Handle, @handle, numeric id or profile URL');
  const open = page.getByTestId('start-open-timeline');
  await box.fill(alias('grace', 'archivehintnever'));
  await expect(open.getByTestId('cost-hint-timeline')).toHaveText('0.1 credits');
  await box.fill(handle);
  await expect(open.getByTestId('cost-hint-timeline')).toHaveText('0 credits · from archive');
  await expect(open).toHaveAccessibleName('Open timeline 0 credits · from archive');
  // One look-up per settled handle, not one per key press.
  expect(asked.length).toBeLessThanOrEqual(2);

  await open.click();
  await expect(page.getByTestId('profile-header')).toContainText('Grace Hopper');
  await expect(page.getByTestId('spend-line').getByTestId('archive-badge')).toBeVisible();
  await settled(page);
  expect(await standin().log(handle)).toHaveLength(1);

  // Twenty cards, each with author links and mention menus: their hints come from one batched look-up, kept briefly.
  const before = asked.length;
  const repost = page.locator('article[data-variant="repost"]').first();
  const author = repost.getByTestId('author-link').first();
  await expect(author).toHaveAttribute('href', '/timeline?screen_name=ada');
  await author.hover();
  await expect(author).toHaveAccessibleDescription('Opens @ada’s timeline · 0 credits · from archive');
  await expect(repost.getByTestId('author-link-price').first()).toBeVisible();
  await page.mouse.wheel(0, 3000);
  await page.mouse.wheel(0, -3000);
  await settled(page);
  expect(asked.length - before).toBeLessThanOrEqual(2);
  const keys = asked.slice(before).flatMap((url) => new URL(url).searchParams.getAll('key'));
  expect(new Set(keys).size).toBe(keys.length);

  await author.click();
  await expect(page.getByTestId('profile-header')).toContainText('Ada Lovelace');
  await settled(page);
  // Two pages opened, both served by the archive: the browser asked, the upstream was not.
  expect(paid).toHaveLength(2);
  expect(await standin().log(handle)).toHaveLength(1);
  await second.close();
});
