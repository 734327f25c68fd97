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

/**
 * At 1280 × 900 the profile, the spend line and the free tools (one row of filters, one of counts, auto-load on one
 * line) leave most of the first post on the first screen: it starts 150 px or more above the fold (836 px before #33.9e).
 */
test.describe('at 1280 × 900', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the first post starts well within the first screen, server-rendered', async ({ page }, testInfo) => {
    await page.goto(`/timeline?screen_name=${alias('ada', 'contentfirstdesk')}`);
    const top = await firstPostTop(page);
    console.log(`first post y at 1280×900, server-rendered: ${top}`);
    expect(top).toBeLessThan(750);
    await page.screenshot({ path: testInfo.outputPath('desktop.png') });
  });

  test('and client-rendered (a handle typed on the page)', async ({ page }) => {
    await page.goto('/timeline');
    await page.getByPlaceholder('jack, @jack, 12 or https://…/jack').fill(alias('ada', 'contentfirstclient'));
    await page.getByTestId('lookup-submit').click();
    const top = await firstPostTop(page);
    console.log(`first post y at 1280×900, client-rendered: ${top}`);
    expect(top).toBeLessThan(750);
  });
});
