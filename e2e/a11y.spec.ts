import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { alias } from './support/standin.ts';
import { settled } from './support/settle.ts';
import { LOOKS, wcagViolations } from './support/axe.ts';

/**
 * A post's own page shows only posts already bought: buy Ada's first page, then open a post from it by its link
 * (a reload's restore from IndexedDB is post-view.spec's to test; this one checks the page itself).
 */
async function openPost(page: Page) {
  await page.goto(`/timeline?screen_name=${alias('ada', 'axe')}`);
  const id = (await page.locator('article[data-variant="quote"]').first().getAttribute('data-post-id'))!;
  await page.locator(`article[data-post-id="${id}"] a[href="/timeline/ada/post/${id}"]`).first().click();
  await expect(page).toHaveURL(`/timeline/ada/post/${id}`);
}

/** A timeline where auto-load has bought one paid page and asks: a page divider in the list, the priced prompt below. */
async function openAsking(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('creditscope-timeline-autoload-paid-pages', '1'));
  await page.goto(`/timeline?screen_name=${alias('ada', 'axe asks')}`);
  await page.locator('article').first().waitFor();
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      return page.getByTestId('autoload-paused').isVisible();
    })
    .toBe(true);
}

const PAGES: { name: string; open: (page: Page) => Promise<unknown>; ready: string }[] = [
  { name: 'start page', open: (page) => page.goto('/'), ready: 'main h1' },
  { name: 'timeline', open: (page) => page.goto(`/timeline?screen_name=${alias('ada', 'axe')}`), ready: 'article' },
  {
    name: 'protected timeline',
    open: (page) => page.goto(`/timeline?screen_name=${alias('linus', 'axe')}`),
    ready: 'main h1, main h2',
  },
  { name: 'timeline asking to keep loading', open: openAsking, ready: '[data-testid="page-divider"]' },
  { name: 'post view', open: openPost, ready: '[data-testid="post-view"] article' },
  {
    name: 'search',
    open: (page) => page.goto('/search?q=accessible%20engines'),
    ready: 'main ol li, main [role=list] li',
  },
  { name: 'credits', open: (page) => page.goto('/credits'), ready: 'main h1' },
  { name: 'history', open: (page) => page.goto('/history'), ready: '[aria-label="Pages, newest first"]' },
];

for (const { look, scheme, width } of LOOKS) {
  test.describe(look, () => {
    test.use({ colorScheme: scheme, viewport: { width, height: 900 } });

    for (const { name, open, ready } of PAGES) {
      test(`${name} has no WCAG 2.1 A/AA violations (${look})`, async ({ page }) => {
        await open(page);
        await page.locator(ready).first().waitFor();
        await settled(page);
        expect(await wcagViolations(page)).toEqual([]);
      });
    }

    test(`the keyboard shortcuts dialog has no WCAG 2.1 A/AA violations (${look})`, async ({ page }) => {
      await page.goto('/credits');
      await page.locator('main h1').waitFor();
      await settled(page);
      await page.keyboard.press('?');
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
      expect(await wcagViolations(page)).toEqual([]);
    });
  });
}
