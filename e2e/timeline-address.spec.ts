import { expect, test } from './support/test.ts';
import { alias, standin } from './support/standin.ts';
import { persisted, settled } from './support/settle.ts';

test('filters live in the address: a filtered view survives reload, Back and Forward, and opens the same when shared', async ({
  page,
  browser,
}) => {
  const handle = alias('ada', 'filterurl');
  await page.goto(`/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  const shown = page.getByTestId('shown-count');
  await expect(shown).toHaveText('Showing 20 of 20 loaded posts');

  await page.getByLabel('Hide reposts').check();
  await expect(page).toHaveURL(`/timeline?screen_name=${handle}&hide=reposts`);
  await page.getByLabel('Media only').check();
  await expect(page).toHaveURL(`/timeline?screen_name=${handle}&hide=reposts&media=only`);
  const find = page.getByRole('searchbox', { name: 'Find in loaded posts' });
  await find.fill('grid');
  await expect(page).toHaveURL(`/timeline?screen_name=${handle}&hide=reposts&media=only&find=grid`);
  await expect(shown).toHaveText('Showing 2 of 20 loaded posts');
  // The list is a deferred render that follows the count.
  await expect(page.locator('article')).toHaveCount(2);
  for (const variant of await page
    .locator('article')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-variant')))) {
    expect(variant).toBe('photos-4');
  }

  await page.reload();
  await expect(shown).toHaveText('Showing 2 of 20 loaded posts');
  await expect(page.getByLabel('Hide reposts')).toBeChecked();
  await expect(page.getByLabel('Media only')).toBeChecked();
  await expect(find).toHaveValue('grid');

  // Typing replaced the entry it was typed in; each box is a step of its own.
  await page.goBack();
  await expect(page).toHaveURL(`/timeline?screen_name=${handle}&hide=reposts`);
  await expect(find).toHaveValue('');
  await expect(page.getByLabel('Media only')).not.toBeChecked();
  await expect(shown).not.toHaveText('Showing 20 of 20 loaded posts');
  await page.goForward();
  await expect(find).toHaveValue('grid');
  await expect(shown).toHaveText('Showing 2 of 20 loaded posts');

  // Shared with someone else: the same view, the page served by the server's archive, no second purchase.
  await persisted(page, handle);
  const other = await browser.newContext();
  const them = await other.newPage();
  await them.goto(page.url());
  await expect(them.getByTestId('shown-count')).toHaveText('Showing 2 of 20 loaded posts');
  await expect(them.getByLabel('Hide reposts')).toBeChecked();
  await settled(them);
  expect(await standin().log(handle)).toHaveLength(1);
  await other.close();

  // An address with values it cannot use says so and keeps the rest.
  await page.goto(`/timeline?screen_name=${handle}&hide=likes&media=only`);
  await expect(page.getByTestId('ignored-params')).toContainText('hide=likes');
  await expect(page.getByLabel('Media only')).toBeChecked();
});

test('a numeric id is written into the address as it was typed', async ({ page }) => {
  await page.goto('/timeline');
  const box = page.getByRole('textbox', { name: /Handle, @handle/ });
  await box.fill('1002');
  await box.press('Enter');
  await expect(page.getByTestId('profile-header')).toContainText('Grace Hopper');
  expect(new URL(page.url()).search).toBe('?rest_id=1002');
  await page.getByLabel('Hide replies').check();
  expect(new URL(page.url()).search).toBe('?rest_id=1002&hide=replies');
  // An address from before, with the id in quotes, still opens the same user.
  await page.goto('/timeline?rest_id=%221002%22');
  await expect(page.getByTestId('profile-header')).toContainText('Grace Hopper');
});

test('the pinned post sits at the top of the first page, marked Pinned, not where its date puts it', async ({
  page,
}) => {
  await page.goto(`/timeline?screen_name=${alias('ada', 'pinned')}`);
  // A server-rendered page holds the first screen; the rest of the page mounts once React runs it.
  await expect(page.locator('article')).toHaveCount(20);
  const first = page.locator('article').first();
  await expect(first.getByTestId('pinned')).toHaveText('Pinned');
  await expect(page.getByTestId('pinned')).toHaveCount(1);
  const ids = await page
    .locator('article')
    .evaluateAll((elements) => elements.map((element) => BigInt(element.getAttribute('data-post-id')!)));
  const rest = ids.slice(1);
  // Newer posts follow it: the pinned post is older than the one right below it, and the rest stay newest first.
  expect(ids[0]! < rest[0]!).toBe(true);
  expect(rest.every((id, index) => index === 0 || id < rest[index - 1]!)).toBe(true);
  expect(new Set(ids).size).toBe(20);

  // The drifted user's answer carries the pinned post itself (`data.pinned`), as seen in the wild.
  await page.goto(`/timeline?screen_name=${alias('wild', 'pinned')}`);
  await expect(page.locator('article').first().getByTestId('pinned')).toHaveText('Pinned');
  await expect(page.getByTestId('pinned')).toHaveCount(1);
});

for (const width of [1280, 375]) {
  test(`engagement icons are drawn, each its own shape, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/timeline?screen_name=${alias('ada', `icons${width}`)}`);
    const counts = page.locator('article[data-variant="quote"]').first().getByTestId('post-counts');
    await expect(counts).toBeVisible();
    const drawn = counts.locator('[data-icon]');
    const icons = await drawn.evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return {
          name: element.getAttribute('data-icon'),
          text: element.textContent,
          // Each icon is a box the style sheet paints through its glyph (src/features/timeline/components/Icons.tsx).
          mask: getComputedStyle(element).maskImage,
          w: box.width,
          h: box.height,
          hidden: element.getAttribute('aria-hidden'),
        };
      }),
    );
    expect(icons.map((icon) => icon.name)).toEqual(['reply', 'repost', 'quote', 'like', 'bookmark', 'views']);
    for (const icon of icons) {
      expect(icon.text).toBe('');
      expect(icon.mask).toMatch(/^url\("data:image\/svg\+xml,/);
      expect(icon.w).toBe(16);
      expect(icon.h).toBe(16);
      expect(icon.hidden).toBe('true');
    }
    // Each is painted, and as a shape of its own: six pictures, no two alike (a blank box would repeat).
    const pictures = await Promise.all(icons.map((_, index) => drawn.nth(index).screenshot()));
    expect(new Set(pictures.map((picture) => picture.toString('base64'))).size).toBe(icons.length);
    // What the counts mean is in words for screen readers, next to each icon.
    await expect(counts).toContainText(/\d+ quotes/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
  });
}
