import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { startInstance } from './support/instances.ts';
import { E2E } from './support/ports.ts';
import { alias, standin } from './support/standin.ts';

/**
 * Watches (#37) through the Watches page, on an instance of its own (the production server, upstream mode, the
 * shared upstream stand-in): a watch is priced before it is saved, Run now buys once and what it found shows
 * with a count in the navigation until it is marked seen; the handle's timeline grows while the test runs
 * (the stand-in's /_control/grow) and the next run finds exactly the new posts. Spend is proved with the
 * stand-in's call log.
 */
const upstream = standin(E2E.upstreamStandin);
type Instance = Awaited<ReturnType<typeof startInstance>>;

test.describe.configure({ mode: 'serial' });

let instance: Instance;
test.afterAll(async () => {
  await instance?.stop();
});

async function createWatch(page: Page, handle: string) {
  const form = page.getByTestId('watch-new-section');
  await form.getByTestId('watch-handle').fill(handle);
  await form.getByTestId('watch-schedule').selectOption('1h');
  await form.getByTestId('watch-cap').fill('3');
  // Priced before it can be saved (free: the quote buys nothing), and the price is on Save.
  await expect(form.getByTestId('watch-quote')).toHaveText('What it may cost: hourly · at most 2.4 credits a day');
  await expect(form.getByTestId('watch-save')).toContainText('hourly · at most 2.4 credits a day');
  await form.getByTestId('watch-save').click();
}

test('a watch priced before saving, run now buying once, what is new counted in the navigation until seen', async ({
  page,
}) => {
  test.setTimeout(120_000);
  instance = await startInstance(E2E.watchesApp, {
    API_BASE_URL: `http://127.0.0.1:${E2E.upstreamStandin}`,
    API_TOKEN: E2E.token,
    CREDITSCOPE_DATA_DIR: `${process.env.CREDITSCOPE_E2E_DIR}/watches-${Date.now()}`,
  });
  const handle = alias('ada', 'watchui');

  // A timeline page bought first: creditscope learns what a page costs (0.1 credits) from it.
  await page.goto(`${instance.origin}/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  expect(await upstream.log(handle)).toHaveLength(1);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Watches' }).click();
  await expect(page.getByRole('heading', { name: 'Watches', level: 1 })).toBeVisible();
  await expect(page.getByTestId('watches-empty')).toBeVisible();
  await createWatch(page, `@${handle}`);

  const row = page.getByTestId('watch-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('watch-row-name')).toHaveText(`@${handle}`);
  await expect(row.getByTestId('watch-row-schedule')).toHaveText('hourly');
  await expect(row.getByTestId('watch-row-last')).toHaveText('none yet');
  // Saving and quoting bought nothing; nothing is new yet.
  expect(await upstream.log(handle)).toHaveLength(1);
  await expect(page.getByTestId('new-empty')).toBeVisible();
  await expect(page.getByTestId('watches-new-count')).toHaveCount(0);

  // Run now says its price before the click, and buys exactly one page: the first run's page is all new.
  const runNow = row.getByTestId('watch-run-now');
  await expect(runNow).toHaveText('Run now at most 0.1 credits');
  await runNow.click();
  await expect(row.getByTestId('watch-row-last')).toHaveText(/^done · \d+ new · 0\.1 credits$/);
  expect(await upstream.log(handle)).toHaveLength(2);
  const baseline = Number((await row.getByTestId('watch-row-last').textContent())!.match(/done · (\d+) new/)![1]);
  expect(baseline).toBeGreaterThan(0);
  await expect(page.getByTestId('new-item')).toHaveCount(baseline);
  await expect(page.getByTestId('watches-new-count')).toHaveText(String(baseline));

  // Marking them seen clears the list and the navigation's count.
  await page.getByTestId('new-seen-watch').click();
  await expect(page.getByTestId('new-empty')).toBeVisible();
  await expect(page.getByTestId('watches-new-count')).toHaveCount(0);

  // Three new posts upstream: the next run buys one page and finds exactly those three.
  await upstream.grow(handle, 3);
  await runNow.click();
  await expect(row.getByTestId('watch-row-last')).toHaveText('done · 3 new · 0.1 credits');
  expect(await upstream.log(handle)).toHaveLength(3);
  await expect(page.getByTestId('new-item')).toHaveCount(3);
  await expect(page.getByTestId('watches-new-count')).toHaveText('3');
  // The count is on every page, and a new post opens free, in its timeline, from the page the run archived.
  const newest = page.getByTestId('new-item').first();
  const newestText = (await newest.getByRole('link').textContent())!;
  await newest.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/timeline\\?screen_name=${handle}$`));
  await expect(page.locator('article').first()).toBeVisible();
  await expect(page.locator('article').filter({ hasText: newestText.slice(0, 40) })).toHaveCount(1);
  await expect(page.getByTestId('watches-new-count')).toHaveText('3');
  expect(await upstream.log(handle)).toHaveLength(3);
  await page.goBack();
  await page.getByTestId('new-seen-all').click();
  await expect(page.getByTestId('watches-new-count')).toHaveCount(0);
  await expect(page.getByTestId('new-empty')).toBeVisible();

  // Pause and resume: free, said on the row.
  await row.getByTestId('watch-pause').click();
  await expect(row.getByTestId('watch-paused')).toBeVisible();
  await expect(row.getByTestId('watch-row-next')).toHaveText('paused');
  await row.getByTestId('watch-resume').click();
  await expect(row.getByTestId('watch-paused')).toHaveCount(0);
  await expect(row.getByTestId('watch-row-next')).not.toHaveText('paused');
  expect(await upstream.log(handle)).toHaveLength(3);
});

test('edit keeps the watch, priced again; delete asks first', async ({ page }) => {
  test.skip(!instance, 'needs the instance the first test started');
  await page.goto(`${instance.origin}/watches`);
  const row = page.getByTestId('watch-row');
  await expect(row).toHaveCount(1);
  await row.getByTestId('watch-edit').click();
  await row.getByTestId('watch-schedule').selectOption('6h');
  await expect(row.getByTestId('watch-quote')).toHaveText(
    'What it may cost: every 6 hours · at most 0.4 credits a day',
  );
  await row.getByTestId('watch-save').click();
  await expect(row.getByTestId('watch-row-schedule')).toHaveText('every 6 hours');

  await row.getByTestId('watch-delete').click();
  await row.getByTestId('watch-delete-keep').click();
  await expect(row).toHaveCount(1);
  await row.getByTestId('watch-delete').click();
  await row.getByTestId('watch-delete-confirm').click();
  await expect(page.getByTestId('watches-empty')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('watches-empty')).toBeVisible();
});

test('a watch on * * * * * runs on its own within 70 s, buying one page, and the navigation counts what it found', async ({
  page,
}) => {
  test.skip(!instance, 'needs the instance the first test started');
  test.setTimeout(120_000);
  const handle = alias('ada', 'watchcron');
  await page.goto(`${instance.origin}/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  await page.goto(`${instance.origin}/watches`);
  const form = page.getByTestId('watch-new-section');
  await form.getByTestId('watch-handle').fill(handle);
  await form.getByTestId('watch-schedule').selectOption('cron');
  await form.getByTestId('watch-cron').fill('* * * * *');
  await form.getByTestId('watch-cap').fill('1');
  // A per-minute cron's quote counts its runs over 8 days on the server (server/watches/schedule.ts): slow on a busy machine.
  await expect(form.getByTestId('watch-quote')).toHaveText(
    'What it may cost: cron * * * * * · at most 1 credit a day',
    {
      timeout: 30_000,
    },
  );
  await form.getByTestId('watch-save').click();
  const row = page.getByTestId('watch-row').filter({ hasText: `@${handle}` });
  await expect(row.getByTestId('watch-row-last')).toHaveText('none yet');
  await upstream.grow(handle, 2);
  // Nobody presses anything: the server's scheduler claims the due minute and runs it; the page reads it.
  await expect(row.getByTestId('watch-row-last')).toHaveText(/^done · \d+ new · 0\.1 credits$/, { timeout: 75_000 });
  expect(await upstream.log(handle)).toHaveLength(2);
  await expect(page.getByTestId('new-group').filter({ hasText: `@${handle}` })).toBeVisible();
  await expect(page.getByTestId('watches-new-count')).toBeVisible({ timeout: 20_000 });
  // Tidy: the next tests start from a list without it.
  await row.getByTestId('watch-delete').click();
  await row.getByTestId('watch-delete-confirm').click();
  await expect(row).toHaveCount(0);
});

const LOOKS = [
  { look: 'light', scheme: 'light', width: 1280 },
  { look: 'dark', scheme: 'dark', width: 1280 },
  { look: '375 px', scheme: 'light', width: 375 },
  { look: '375 px dark', scheme: 'dark', width: 375 },
] as const;
for (const { look, scheme, width } of LOOKS) {
  test(`the Watches page with a watch, what is new and the form has no WCAG 2.1 A/AA violations (${look})`, async ({
    page,
  }, testInfo) => {
    test.skip(!instance, 'needs the instance the first test started');
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    const handle = alias('grace', `watchaxe${width}${scheme}`);
    await page.goto(`${instance.origin}/timeline?screen_name=${handle}`);
    await expect(page.locator('article').first()).toBeVisible();
    await page.goto(`${instance.origin}/watches`);
    await createWatch(page, handle);
    const row = page.getByTestId('watch-row').filter({ hasText: `@${handle}` });
    await row.getByTestId('watch-run-now').click();
    await expect(row.getByTestId('watch-row-last')).toHaveText(/^done · /);
    await expect(page.getByTestId('watches-new-count')).toBeVisible();
    await page.getByTestId('watch-new-section').getByTestId('watch-kind').selectOption('search');
    await page.getByTestId('watch-new-section').getByTestId('watch-q').fill('rust');
    await page.getByTestId('watch-new-section').getByTestId('watch-schedule').selectOption('daily');
    await expect(page.getByTestId('watch-new-section').getByTestId('watch-quote')).toContainText('What it may cost');
    // What a person sees: the top (what is new), then the watch's row and the form, one screen each.
    await page.screenshot({ path: testInfo.outputPath(`watches-${width}-${scheme}-top.png`) });
    await page.getByTestId('watches-section').scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`watches-${width}-${scheme}-list.png`) });
    await page.getByTestId('watch-save').scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`watches-${width}-${scheme}-form.png`) });
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(
      results.violations.map(
        (violation) =>
          `${violation.id}: ${violation.nodes
            .slice(0, 3)
            .map((node) => node.target.join(' '))
            .join(' | ')}`,
      ),
    ).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    // Tidy: this look's watch goes, so the next look's list starts as this one did.
    await row.getByTestId('watch-delete').click();
    await row.getByTestId('watch-delete-confirm').click();
    await expect(row).toHaveCount(0);
  });
}
