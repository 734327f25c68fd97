import { expect, test } from './support/test.ts';
import { alias } from './support/standin.ts';

/** Whether any <img> on the page shows the browser's broken-image icon: loaded, and no pixels. */
const brokenImages = (page: import('@playwright/test').Page) =>
  page.evaluate(() =>
    [...document.images].filter((image) => image.complete && image.naturalWidth === 0).map((image) => image.src),
  );

test('a photo or avatar that answers 404 becomes a neutral tile with "open original", never a broken-image icon', async ({
  page,
}) => {
  // Every photo and avatar of the stand-in answers 404, those in the server's HTML too.
  await page.route('**/media/**', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto(`/timeline?screen_name=${alias('ada', 'brokenimages')}`);
  const card = page.locator('article[data-variant="photos-4"]').first();
  await expect(card).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  const tiles = card.getByTestId('photo-tile');
  await expect(tiles).toHaveCount(4);
  for (const tile of await tiles.all()) await expect(tile).toHaveAttribute('data-failed', 'true');
  await expect(tiles.first().getByRole('link', { name: 'Open original' })).toHaveAttribute('href', /\/media\//);
  // The avatar circle holds the author's initial, not an icon and alt text.
  await expect(card.getByTestId('avatar-initial').first()).toHaveText('A');
  await expect.poll(() => brokenImages(page)).toEqual([]);
  const box = (await tiles.first().boundingBox())!;
  expect(box.width).toBeGreaterThan(50);
});

test('the lightbox offers the original, and its backdrop is opaque: the header does not show through', async ({
  page,
}) => {
  await page.goto(`/timeline?screen_name=${alias('ada', 'lightboxoriginal')}`);
  const tile = page.locator('article[data-variant="photos-4"]').first().getByTestId('photo-tile').first();
  await tile.click();
  const original = page.getByTestId('lightbox-original');
  await expect(original).toHaveAttribute('href', /\/media\/.*\.svg/);
  await expect(original).toHaveAttribute('target', '_blank');
  const backdrop = await page
    .getByTestId('lightbox')
    .evaluate((dialog) => getComputedStyle(dialog, '::backdrop').backgroundColor);
  expect(backdrop).toBe('rgb(0, 0, 0)');
});
