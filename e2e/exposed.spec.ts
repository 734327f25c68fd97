import { expect, test } from './support/test.ts';
import { startInstance } from './support/instances.ts';
import { E2E } from './support/ports.ts';

/**
 * #28's `none` mode: on loopback with nothing configured nothing changes (no banner, nobody signed in); set
 * explicitly on a server others reach (ALLOWED_HOSTS), every page says anyone there can spend its credits.
 */
const BANNER = 'Anyone who can reach this server can spend its credits';

test('loopback with nothing configured shows no banner and nobody signed in', async ({ page }) => {
  await page.goto('/credits');
  await expect(page.getByRole('heading', { name: 'Credits', exact: true })).toBeVisible();
  await expect(page.getByTestId('meter-total')).toBeVisible();
  await expect(page.getByText(BANNER)).toHaveCount(0);
  await expect(page.getByTestId('who-is-signed-in')).toHaveCount(0);
  await expect(page.getByTestId('people-spend')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'By handle' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'By person' })).toHaveCount(0);
});

test.describe('none set explicitly beyond loopback', () => {
  let app: Awaited<ReturnType<typeof startInstance>>;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    app = await startInstance(E2E.exposedApp, {
      CREDITSCOPE_AUTH: 'none',
      ALLOWED_HOSTS: 'creditscope.test',
      API_BASE_URL: `http://127.0.0.1:${E2E.upstreamStandin}`,
      API_TOKEN: E2E.token,
      CREDITSCOPE_DATA_DIR: `${process.env.CREDITSCOPE_E2E_DIR}/exposed`,
    });
  });
  test.afterAll(async () => app?.stop());

  test('every page shows the banner', async ({ page }) => {
    for (const path of ['/', '/credits', '/search']) {
      await page.goto(`${app.origin}${path}`);
      await expect(page.getByTestId('exposed-banner')).toHaveText(BANNER);
    }
  });
});
