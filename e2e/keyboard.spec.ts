import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { alias, standin } from './support/standin.ts';
import { settled } from './support/settle.ts';

/** Every request the page makes to the paid API, from now on. */
function paidRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/v1/')) seen.push(`${request.method()} ${request.url()}`);
  });
  return seen;
}

/** Focus on nothing in particular, as after a click on the page's background. */
async function clickBackground(page: Page) {
  await page.locator('body').click({ position: { x: 3, y: 400 } });
}

const help = (page: Page) => page.getByRole('dialog', { name: 'Keyboard shortcuts' });

test('/ jumps to the handle box on the start page and to the search box on search; typed in a box it is a slash', async ({
  page,
}) => {
  const handleBox = page.getByLabel('Handle, @handle, numeric id or profile URL');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await clickBackground(page);
  await page.keyboard.press('/');
  await expect(handleBox).toBeFocused();
  await page.keyboard.type('ada/x');
  await expect(handleBox).toHaveValue('ada/x');
  await expect(page.getByLabel('Search query')).toHaveValue('');

  await page.goto('/search?q=slash%20keys');
  const searchBox = page.getByRole('searchbox', { name: 'Search query' });
  await expect(page.getByTestId('search-result').first()).toBeVisible();
  await clickBackground(page);
  await expect(searchBox).not.toBeFocused();
  await page.keyboard.press('/');
  await expect(searchBox).toBeFocused();
  // The query is selected, so typing replaces it, as on other search pages.
  await page.keyboard.type('new words');
  await expect(searchBox).toHaveValue('new words');
});

test('? opens a dialog listing every shortcut; Escape closes it and puts focus back; the header button opens it too', async ({
  page,
}) => {
  await page.goto('/credits');
  await expect(page.getByRole('heading', { level: 1, name: 'Credits' })).toBeVisible();
  const historyLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' });
  await historyLink.focus();
  await page.keyboard.press('?');
  await expect(help(page)).toBeVisible();
  await expect(help(page).getByRole('button', { name: 'Close' })).toBeFocused();
  for (const line of [
    'Focus the handle or search box',
    'Show these shortcuts',
    'Go to Timeline',
    'Go to Search',
    'Go to Credits',
    'Go to History',
    'Next post',
    'Previous post',
    'Go to Find in bought posts',
    'Go to Jobs',
    'Previous photo',
    'Next photo',
    'Close a dialog',
  ]) {
    await expect(help(page).getByRole('row').filter({ hasText: line })).toHaveCount(1);
  }
  // o and Enter open the highlighted post: both listed.
  await expect(help(page).getByRole('row').filter({ hasText: 'Open the highlighted post' })).toHaveCount(2);
  await expect(help(page).getByRole('row').filter({ hasText: 'Go to Credits' })).toContainText('gthenc');

  // The page behind is inert while the list is open: its letters do nothing.
  await page.keyboard.press('g');
  await page.keyboard.press('t');
  await expect(page).toHaveURL(/\/credits$/);
  await page.keyboard.press('Escape');
  await expect(help(page)).toBeHidden();
  await expect(historyLink).toBeFocused();

  const button = page.getByRole('button', { name: 'Keyboard shortcuts' });
  await button.click();
  await expect(help(page)).toBeVisible();
  await help(page).getByRole('button', { name: 'Close' }).click();
  await expect(help(page)).toBeHidden();
  await expect(button).toBeFocused();

  // Not while typing, not with Ctrl or Alt held.
  await page.getByLabel('Your limit (credits)').focus();
  await page.keyboard.press('?');
  await clickBackground(page);
  await page.keyboard.press('Control+?');
  await page.keyboard.press('Alt+?');
  await expect(help(page)).toBeHidden();
});

test('g t, g s, g c and g h go to each page and buy nothing; not while typing, not with a modifier, not when slow', async ({
  page,
}) => {
  const paid = paidRequests(page);
  await page.goto('/history');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await clickBackground(page);

  await page.keyboard.press('g');
  await page.keyboard.press('t');
  await expect(page).toHaveURL(/\/timeline$/);
  await page.keyboard.press('g');
  await page.keyboard.press('c');
  await expect(page).toHaveURL(/\/credits$/);
  await page.keyboard.press('g');
  await page.keyboard.press('s');
  await expect(page).toHaveURL(/\/search$/);

  // The search page puts the cursor in its box: g c is two letters of a query there.
  const searchBox = page.getByRole('searchbox', { name: 'Search query' });
  await expect(searchBox).toBeFocused();
  await page.keyboard.type('gc');
  await expect(searchBox).toHaveValue('gc');
  await expect(page).toHaveURL(/\/search$/);

  await clickBackground(page);
  await page.keyboard.press('Control+g');
  await page.keyboard.press('h');
  await page.keyboard.press('g');
  await page.keyboard.press('Alt+h');
  await page.keyboard.press('g');
  await page.waitForTimeout(1700);
  await page.keyboard.press('h');
  await expect(page).toHaveURL(/\/search$/);

  await page.keyboard.press('g');
  await page.keyboard.press('h');
  await expect(page).toHaveURL(/\/history$/);
  await settled(page);
  expect(paid).toEqual([]);
});

test('on a timeline j and k still pick posts, ? opens over a post and Escape goes back to it, / goes to the handle box', async ({
  page,
}) => {
  const handle = alias('ada', 'keys');
  await page.goto(`/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  await clickBackground(page);
  const focusedPost = () =>
    page.evaluate(() => document.activeElement?.closest('[data-index]')?.getAttribute('data-index') ?? null);
  await page.keyboard.press('j');
  await expect.poll(focusedPost).toBe('0');
  await page.keyboard.press('j');
  await expect.poll(focusedPost).toBe('1');
  await page.keyboard.press('?');
  await expect(help(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help(page)).toBeHidden();
  await expect.poll(focusedPost).toBe('1');
  await page.keyboard.press('k');
  await expect.poll(focusedPost).toBe('0');

  // The handle box, not the find box; the handle is selected, so a new one replaces it, and j there is a letter.
  const handleBox = page.getByLabel('Handle, @handle, numeric id or profile URL');
  await page.keyboard.press('/');
  await expect(handleBox).toBeFocused();
  await page.keyboard.type('jk');
  await expect(handleBox).toHaveValue('jk');
  await expect.poll(focusedPost).toBeNull();
  await settled(page);
  expect((await standin().log(handle)).length).toBe(1);
});
