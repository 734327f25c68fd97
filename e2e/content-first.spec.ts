import { expect, test } from './support/test.ts';
import { alias } from './support/standin.ts';

/** Where the first post's top is, in page pixels from the top of the document, as the page first shows. */
async function firstPostTop(page: import('@playwright/test').Page): Promise<number> {
  const first = page.locator('article[data-testid="post"]').first();
  await expect(first).toBeVisible();
  return first.evaluate((element) => Math.round(element.getBoundingClientRect().top + window.scrollY));
}

test.describe('on a 375 × 812 phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the first post is on the first screen, under a compact profile; the tools wait behind one button', async ({
    page,
  }, testInfo) => {
    await page.goto(`/timeline?screen_name=${alias('ada', 'contentfirstphone')}`);
    const top = await firstPostTop(page);
    testInfo.annotations.push({ type: 'first post y at 375×812', description: String(top) });
    console.log(`first post y at 375×812: ${top}`);
    expect(top).toBeLessThan(700);
    // A small header: logo, meter, then the pages on one more row.
    expect((await page.locator('header').first().boundingBox())!.height).toBeLessThan(100);
    await page.screenshot({ path: testInfo.outputPath('phone.png') });

    // The profile opens in place: bio, facts and counts.
    const details = page.getByTestId('profile-more-details');
    await expect(details).toBeHidden();
    await page.getByTestId('profile-more').click();
    await expect(details).toBeVisible();
    await expect(page.getByTestId('profile-counts')).toBeVisible();
    // The tools are one button until asked for; a filter in use keeps them open.
    const find = page.getByLabel('Find in loaded posts');
    await expect(find).toBeHidden();
    await page.getByTestId('free-tools-toggle').click();
    await expect(find).toBeVisible();
    await find.fill('engine');
    await page.getByTestId('free-tools-toggle').click();
    await expect(find).toBeVisible();
  });
});

test('at 1280 × 900 the first post starts on the first screen', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/timeline?screen_name=${alias('ada', 'contentfirstdesk')}`);
  const top = await firstPostTop(page);
  console.log(`first post y at 1280×900: ${top}`);
  expect(top).toBeLessThan(900);
  await page.screenshot({ path: testInfo.outputPath('desktop.png') });
});
