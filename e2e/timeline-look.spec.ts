import { expect, test } from './support/test.ts';
import { alias } from './support/standin.ts';

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('header, tools and posts fit without sideways scrolling', async ({ page }) => {
    await page.goto(`/timeline?screen_name=${alias('ada', 'phone')}`);
    await expect(page.locator('article').first()).toBeVisible();
    await expect(page.getByTestId('profile-header').getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    for (const grid of await page.getByTestId('photo-grid').all()) {
      const box = (await grid.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    await post(page);
  });
});

async function post(page: import('@playwright/test').Page) {
  const tile = page.locator('article[data-variant="photos-4"]').first().getByTestId('photo-tile').first();
  await tile.click();
  const image = page.getByTestId('lightbox-image');
  await expect(image).toBeVisible();
  const box = (await image.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(375);
  await page.keyboard.press('Escape');
  await expect(image).toBeHidden();
}

test('dark mode follows the system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`/timeline?screen_name=${alias('ada', 'dark')}`);
  await expect(page.locator('article').first()).toBeVisible();
  const colours = await page.evaluate(() => {
    // Tailwind 4 writes oklch(); a canvas turns any CSS colour into sRGB bytes.
    const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const luminance = (colour: string) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = colour;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b] = context.getImageData(0, 0, 1, 1).data as unknown as [number, number, number];
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    };
    const text = document.querySelector('article [data-testid="rich-text"]')!;
    const name = document.querySelector('#profile-name')!;
    return {
      background: luminance(getComputedStyle(document.body).backgroundColor),
      text: luminance(getComputedStyle(text).color),
      name: luminance(getComputedStyle(name).color),
    };
  });
  expect(colours.background).toBeLessThan(0.1);
  expect(colours.text).toBeGreaterThan(0.8);
  expect(colours.name).toBeGreaterThan(0.8);
});
