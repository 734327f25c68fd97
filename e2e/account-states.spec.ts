import { expect, test } from './support/test.ts';
import { alias, standin } from './support/standin.ts';
import { settled } from './support/settle.ts';
import { wcagViolations } from './support/axe.ts';

test('a suspended account shows that it is suspended, nothing of a profile, and what the answer cost', async ({
  page,
}) => {
  const handle = alias('banned', 'suspended');
  await page.goto(`/timeline?screen_name=${handle}`);
  const state = page.getByTestId('state-suspended');
  await expect(state.getByRole('heading', { level: 1 })).toHaveText('Account suspended');
  await expect(state).toContainText(`The platform has suspended @banned`);
  await expect(state.getByTestId('charge-note')).toHaveText('Charged: this answer cost 0.1 credits.');
  // The stand-in still sends a name, a banner and an avatar; none of it is shown.
  await expect(page.getByTestId('profile-header')).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText('Suspended Account');
  await expect(page.locator('main img')).toHaveCount(0);
  await expect(page.getByTestId('check-new-posts')).toHaveCount(0);
  await settled(page);
  expect(await standin().log(handle)).toHaveLength(1);

  // Opened again it costs nothing, and says so.
  await page.reload();
  // Free either way: this browser's copy, or the server's archive (which renders the reload).
  await expect(page.getByTestId('charge-note')).toHaveText(
    /^Not charged now: (opened from this browser’s cache|served from the server’s archive \(bought .+\)), 0 credits\.$/,
  );
  await settled(page);
  expect(await standin().log(handle)).toHaveLength(1);
});

test('a handle that does not exist is said once, with the handle, with a priced web search and whether it was charged', async ({
  page,
}) => {
  const handle = alias('nobody', 'notfound');
  await page.goto(`/timeline?screen_name=${handle}`);
  const state = page.getByTestId('state-not-found');
  await expect(state.getByRole('heading', { level: 1 })).toHaveText(`@${handle} doesn’t exist`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.locator('main')).toContainText('doesn’t exist');
  expect((await page.locator('main').innerText()).match(/doesn’t exist|not found/gi)).toHaveLength(1);
  await expect(state.getByTestId('charge-note')).toHaveText(
    'Not charged: the upstream took no credits for this answer.',
  );
  const search = state.getByTestId('web-search-link');
  await expect(search).toHaveAccessibleName(new RegExp(`^Search the web for @${handle} 0\\.2 credits$`));
  await settled(page);
  expect(await standin().log(handle)).toHaveLength(1);

  await search.click();
  await expect(page).toHaveURL(`/search?q=${encodeURIComponent(`@${handle}`)}`);
  await expect(page.getByTestId('search-result').first()).toBeVisible();
  expect((await standin().log(handle)).filter((call) => call.path === '/v1/search')).toHaveLength(1);
});

test('a protected account explains why there are no posts and what the answer cost', async ({ page }) => {
  const handle = alias('linus', 'protected');
  await page.goto(`/timeline?screen_name=${handle}`);
  const state = page.getByTestId('state-protected');
  await expect(state).toContainText('These posts are protected');
  await expect(state).toContainText('shares posts only with followers the account has approved');
  await expect(state.getByTestId('charge-note')).toHaveText('Charged: this answer cost 0.1 credits.');
  await expect(page.getByTestId('profile-header')).toContainText('Linus Private');
  await expect(page.locator('article')).toHaveCount(0);
  await settled(page);
  expect(await standin().log(handle)).toHaveLength(1);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the suspended and not-found states have no WCAG 2.1 A/AA violations (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [who, state] of [
      ['banned', 'state-suspended'],
      ['nobody', 'state-not-found'],
    ] as const) {
      await page.goto(`/timeline?screen_name=${alias(who, `axe${scheme}`)}`);
      await page.getByTestId(state).waitFor();
      await settled(page);
      expect(await wcagViolations(page)).toEqual([]);
    }
  });
}
