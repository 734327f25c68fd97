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
    // Each post's counts on one line, inside its card (bookmarks and views wrapped to a second line before #33.9e).
    for (const counts of (await page.getByTestId('post-counts').all()).slice(0, 3)) {
      const card = (await counts.locator('xpath=ancestor::article[1]').boundingBox())!;
      const tops = await counts.evaluate((row) => [...row.children].map((item) => item.getBoundingClientRect().top));
      expect(new Set(tops).size, 'the counts on one line').toBe(1);
      expect(inside(await counts.boundingBox(), card)).toBe(true);
    }
    await page.screenshot({ path: test.info().outputPath('timeline-375.png') });
  });

  test('long values wrap at spaces or are shortened, inside their cards', async ({ page }) => {
    // A 300-character handle: the refusal quotes it shortened, inside the form.
    await page.goto('/timeline');
    await page.getByPlaceholder('jack, @jack, 12 or https://…/jack').fill('x'.repeat(300));
    await page.getByTestId('lookup-submit').click();
    const error = page.locator('#profile-lookup-error');
    await expect(error).toContainText('is not a handle');
    expect(inside(await error.boundingBox(), (await page.getByRole('search').boundingBox())!)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The data source's address on one line, never split inside "127.0.0.1:port".
    await page.goto('/');
    await oneLine(page.getByTestId('start-upstream'));

    // A recent search's options split at spaces only: "site:docs.example.com" stays whole (the price moves below).
    await page.goto(`/search?q=${alias('engine', 'recentwrap')}&site=docs.example.com`);
    await expect(page.getByTestId('search-result').first()).toBeVisible();
    const options = page.getByTestId('recent-search-options').first();
    await expect(options).toContainText('docs.example.com');
    await oneLine(options);
    expect(inside(await options.boundingBox(), (await page.getByTestId('recent-searches').boundingBox())!)).toBe(true);
    await page.screenshot({ path: test.info().outputPath('search-375.png'), fullPage: true });
  });
});

type Box = { x: number; y: number; width: number; height: number } | null;
const inside = (box: Box, card: NonNullable<Box>) =>
  box !== null && box.x >= card.x - 0.5 && box.x + box.width <= card.x + card.width + 0.5;

/** One line of text: no taller than one and a half of its line height. */
async function oneLine(locator: import('@playwright/test').Locator) {
  const { height, line } = await locator.evaluate((element) => ({
    height: element.getBoundingClientRect().height,
    line: parseFloat(getComputedStyle(element).lineHeight),
  }));
  expect(height, 'one line').toBeLessThan(line * 1.5);
}

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
