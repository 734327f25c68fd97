import { expect, test } from '@playwright/test';

test('a search result page opens the request inspector for the call that bought it', async ({ page }) => {
  const q = `inspect me ${Date.now().toString(36)}`;
  await page.goto(`/search?q=${encodeURIComponent(q)}&num=3`);
  await expect(page.getByTestId('paid-badge')).toBeVisible();
  await page.getByRole('button', { name: 'Inspect' }).click();
  const dialog = page.getByTestId('request-inspector');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('inspector-request')).toContainText('POST /v1/search');
  await expect(dialog).toContainText(q);
  await expect(dialog).toContainText('$API_TOKEN');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the timeline opens the request inspector for its last bought page', async ({ page }) => {
  await page.goto(`/timeline?screen_name=grace__inspect${Date.now().toString(36)}`);
  await expect(page.locator('article').first()).toBeVisible();
  await page.getByRole('button', { name: 'Inspect last page' }).click();
  const dialog = page.getByTestId('request-inspector');
  await expect(dialog.getByTestId('inspector-request')).toContainText('GET /v1/social/microblog/posts');
  await expect(dialog).toContainText('$API_TOKEN');
});
