import { expect, test } from './support/test.ts';

test('demo mode shows posts, the demo badge and the meter', async ({ page }) => {
  await page.goto('/timeline?screen_name=grace');
  await expect(page.getByTestId('demo-badge')).toBeVisible();
  await expect(page.locator('article').first()).toBeVisible();
  await expect(page.getByTestId('credit-meter')).toContainText('credits');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' })).toHaveAttribute(
    'href',
    '/search',
  );
});
