import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { startInstance } from './support/instances.ts';
import { E2E } from './support/ports.ts';
import { alias, standin } from './support/standin.ts';
import { LOOKS, wcagViolations } from './support/axe.ts';

/**
 * Watches (#37) through the Watches page: a watch is priced before it is saved, Run now buys once and what it
 * found shows with a count in the navigation until it is marked seen; the handle's timeline grows while the test
 * runs (the stand-in's /_control/grow) and the next run finds exactly the new posts; a search watch buys the pages
 * it allows; each run is in the watch's history. Spend is proved with the stand-in's call log.
 *
 * The production project runs it on an instance of its own (upstream mode, the shared upstream stand-in); the dev
 * project on the dev server (React StrictMode: effects mount twice, which must buy nothing twice), in demo mode
 * with its own stand-in. No other spec makes watches there, so the lists are this spec's alone in both.
 */
type App = { origin: string; stop: () => Promise<void> };

const onDevServer = () => test.info().project.name === 'dev';
const upstream = () => standin(onDevServer() ? E2E.devStandin : E2E.upstreamStandin);

async function startApp(): Promise<App> {
  if (onDevServer()) return { origin: `http://127.0.0.1:${E2E.devApp}`, stop: async () => {} };
  return startInstance(E2E.watchesApp, {
    API_BASE_URL: `http://127.0.0.1:${E2E.upstreamStandin}`,
    API_TOKEN: E2E.token,
    CREDITSCOPE_DATA_DIR: `${process.env.CREDITSCOPE_E2E_DIR}/watches-${Date.now()}`,
  });
}

test.describe.configure({ mode: 'serial' });

let instance: App | undefined;
test.afterAll(async () => {
  await instance?.stop();
});

/** The app the first test started: a later test run alone has none, and is skipped. */
function started(): App {
  test.skip(!instance, 'needs the app the first test started');
  return instance!;
}

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

/** The form's fields of one row start on one line: the cap and its period level with Pages per run. */
async function expectCapRowAligned(page: Page) {
  const form = page.getByTestId('watch-new-section');
  const tops = await Promise.all(
    ['watch-cap', 'watch-cap-per', 'watch-pages', 'watch-match'].map(
      async (testId) => (await form.getByTestId(testId).boundingBox())!.y,
    ),
  );
  expect(tops.map((top) => Math.round(top - tops[2]!))).toEqual([0, 0, 0, 0]);
}

/** The watch's history, opened on its row (free): its runs, newest first, as the table shows them. */
async function historyOf(row: Locator): Promise<string[][]> {
  if ((await row.getByTestId('watch-history-toggle').getAttribute('aria-expanded')) !== 'true')
    await row.getByTestId('watch-history-toggle').click();
  await expect(row.getByTestId('watch-history-table')).toBeVisible();
  return row
    .getByTestId('watch-history-run')
    .evaluateAll((rows) => rows.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
}

test('a watch priced before saving, run now buying once, what is new counted in the navigation until seen', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { origin } = (instance = await startApp());
  const handle = alias('ada', 'watchui');

  // A timeline page bought first: creditscope learns what a page costs (0.1 credits) from it.
  await page.goto(`${origin}/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  expect(await upstream().log(handle)).toHaveLength(1);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Watches' }).click();
  await expect(page.getByRole('heading', { name: 'Watches', level: 1 })).toBeVisible();
  await expect(page.getByTestId('watches-empty')).toBeVisible();
  await expectCapRowAligned(page);
  await createWatch(page, `@${handle}`);

  const row = page.getByTestId('watch-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('watch-row-name')).toHaveText(`@${handle}`);
  await expect(row.getByTestId('watch-row-schedule')).toHaveText('hourly');
  await expect(row.getByTestId('watch-row-last')).toHaveText('none yet');
  // Saving and quoting bought nothing; nothing is new yet.
  expect(await upstream().log(handle)).toHaveLength(1);
  await expect(page.getByTestId('new-empty')).toBeVisible();
  await expect(page.getByTestId('watches-new-count')).toHaveCount(0);

  // Run now says its price before the click, and buys exactly one page: the first run's page is all new.
  const runNow = row.getByTestId('watch-run-now');
  await expect(runNow).toHaveText('Run now at most 0.1 credits');
  await runNow.click();
  await expect(row.getByTestId('watch-row-last')).toHaveText(/^done · \d+ new · 0\.1 credits$/);
  expect(await upstream().log(handle)).toHaveLength(2);
  const baseline = Number((await row.getByTestId('watch-row-last').textContent())!.match(/done · (\d+) new/)![1]);
  expect(baseline).toBeGreaterThan(0);
  await expect(page.getByTestId('new-item')).toHaveCount(baseline);
  await expect(page.getByTestId('watches-new-count')).toHaveText(String(baseline));

  // Marking them seen clears the list and the navigation's count.
  await page.getByTestId('new-seen-watch').click();
  await expect(page.getByTestId('new-empty')).toBeVisible();
  await expect(page.getByTestId('watches-new-count')).toHaveCount(0);

  // Three new posts upstream: the next run buys one page and finds exactly those three.
  await upstream().grow(handle, 3);
  await runNow.click();
  await expect(row.getByTestId('watch-row-last')).toHaveText('done · 3 new · 0.1 credits');
  expect(await upstream().log(handle)).toHaveLength(3);
  await expect(page.getByTestId('new-item')).toHaveCount(3);
  await expect(page.getByTestId('watches-new-count')).toHaveText('3');
  // Both runs in the watch's history, newest first, with what each bought and found; reading it is free.
  const history = await historyOf(row);
  expect(history.map((cells) => cells.slice(1))).toEqual([
    ['run now', 'done', '1', '0.1', '3', ''],
    ['run now', 'done', '1', '0.1', String(baseline), ''],
  ]);
  expect(await upstream().log(handle)).toHaveLength(3);
  // The count is on every page, and a new post opens free, in its timeline, from the page the run archived.
  const newest = page.getByTestId('new-item').first();
  const newestText = (await newest.getByRole('link').textContent())!;
  await newest.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/timeline\\?screen_name=${handle}$`));
  await expect(page.locator('article').first()).toBeVisible();
  await expect(page.locator('article').filter({ hasText: newestText.slice(0, 40) })).toHaveCount(1);
  await expect(page.getByTestId('watches-new-count')).toHaveText('3');
  expect(await upstream().log(handle)).toHaveLength(3);
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
  expect(await upstream().log(handle)).toHaveLength(3);
});

test('a search watch priced before saving, run now buying the pages it allows, its results opening free', async ({
  page,
}) => {
  const { origin } = started();
  const q = `watchsearch${Math.random().toString(36).slice(2, 8)}`;
  const searchCalls = async () =>
    (await upstream().log(q)).filter((entry) => entry.path === '/v1/search').map((entry) => entry.body);
  // A search page bought first: creditscope learns what a search page costs (0.2 credits) from it.
  await page.goto(`${origin}/search?q=${q}`);
  await expect(page.getByTestId('search-result').first()).toBeVisible();
  expect(await searchCalls()).toHaveLength(1);

  await page.goto(`${origin}/watches`);
  const form = page.getByTestId('watch-new-section');
  await form.getByTestId('watch-kind').selectOption('search');
  await form.getByTestId('watch-q').fill(q);
  await form.getByTestId('watch-schedule').selectOption('6h');
  await form.getByTestId('watch-cap').fill('2');
  await form.getByTestId('watch-pages').fill('2');
  await expect(form.getByTestId('watch-quote')).toHaveText(
    'What it may cost: every 6 hours · at most 1.6 credits a day',
  );
  await form.getByTestId('watch-save').click();
  const row = page.getByTestId('watch-row').filter({ hasText: q });
  await expect(row.getByTestId('watch-row-name')).toHaveText(`“${q}”`);
  await expect(row.getByTestId('watch-row-last')).toHaveText('none yet');
  expect(await searchCalls()).toHaveLength(1);

  // Run now: its price on the button, and it buys exactly its two pages, every result new to the watch.
  await expect(row.getByTestId('watch-run-now')).toHaveText('Run now at most 0.4 credits');
  await row.getByTestId('watch-run-now').click();
  await expect(row.getByTestId('watch-row-last')).toHaveText('done · 20 new · 0.4 credits');
  const calls = await searchCalls();
  expect(calls).toHaveLength(3);
  expect(calls.slice(1).map((body) => String((body as { page?: unknown }).page))).toEqual(['1', '2']);
  const group = page.getByTestId('new-group').filter({ hasText: q });
  await expect(group.getByTestId('new-item')).toHaveCount(20);
  await expect(page.getByTestId('watches-new-count')).toHaveText('20');
  expect((await historyOf(row)).map((cells) => cells.slice(1))).toEqual([['run now', 'done', '2', '0.4', '20', '']]);

  // A result of the second page (never opened in this browser) opens its search page from the archive: free.
  const second = group
    .getByTestId('new-item')
    .filter({ has: page.locator('a[href*="page=2"]') })
    .first();
  // Its key is the result's address: the search page opened lists that result.
  const url = (await second.getAttribute('data-key'))!;
  await second.getByRole('link').click();
  await expect(page).toHaveURL(/\/search\?.*page=2/);
  await expect(page.getByTestId('search-result')).toHaveCount(10);
  await expect(page.getByTestId('search-result').filter({ has: page.locator(`a[href="${url}"]`) })).toHaveCount(1);
  expect(await searchCalls()).toHaveLength(3);

  // Tidy: seen, and gone, so the next test finds the list as the first one left it.
  await page.goBack();
  await group.getByTestId('new-seen-watch').click();
  await expect(page.getByTestId('watches-new-count')).toHaveCount(0);
  await row.getByTestId('watch-delete').click();
  await row.getByTestId('watch-delete-confirm').click();
  await expect(row).toHaveCount(0);
});

test('edit keeps the watch, priced again; delete asks first', async ({ page }) => {
  const { origin } = started();
  await page.goto(`${origin}/watches`);
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
  const { origin } = started();
  test.setTimeout(120_000);
  const handle = alias('ada', 'watchcron');
  await page.goto(`${origin}/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();
  await page.goto(`${origin}/watches`);
  const form = page.getByTestId('watch-new-section');
  await form.getByTestId('watch-handle').fill(handle);
  await form.getByTestId('watch-schedule').selectOption('cron');
  await form.getByTestId('watch-cron').fill('* * * * *');
  await form.getByTestId('watch-cap').fill('1');
  // The quote is the server's (server/watches/schedule.ts), asked once the typing settles.
  await expect(form.getByTestId('watch-quote')).toHaveText(
    'What it may cost: cron * * * * * · at most 1 credit a day',
    {
      timeout: 30_000,
    },
  );
  await form.getByTestId('watch-save').click();
  const savedAt = Date.now();
  const row = page.getByTestId('watch-row').filter({ hasText: `@${handle}` });
  await expect(row.getByTestId('watch-row-last')).toHaveText('none yet');
  await upstream().grow(handle, 2);
  // Nobody presses anything: the server's scheduler claims the due minute and runs it; the page reads it.
  await expect(row.getByTestId('watch-row-last')).toHaveText(/^done · \d+ new · 0\.1 credits$/, { timeout: 75_000 });
  expect(await upstream().log(handle)).toHaveLength(2);
  // Its history says the schedule started it, and the server's run began within 70 s of saving.
  expect((await historyOf(row)).map((cells) => cells.slice(1, 5))).toEqual([['schedule', 'done', '1', '0.1']]);
  const watchId = await row.getAttribute('data-watch-id');
  const runs = await page.evaluate(
    async (id) =>
      (
        (await (await fetch(`/api/_watches/${id}/runs`, { headers: { 'x-creditscope-client': '1' } })).json()) as {
          runs: { startedAt: number }[];
        }
      ).runs,
    watchId,
  );
  expect(runs).toHaveLength(1);
  expect(runs[0]!.startedAt - savedAt).toBeLessThan(70_000);
  await expect(page.getByTestId('new-group').filter({ hasText: `@${handle}` })).toBeVisible();
  await expect(page.getByTestId('watches-new-count')).toBeVisible({ timeout: 20_000 });
  // Tidy: the next tests start from a list without it.
  await row.getByTestId('watch-delete').click();
  await row.getByTestId('watch-delete-confirm').click();
  await expect(row).toHaveCount(0);
});

for (const { look, scheme, width } of LOOKS) {
  test(`the Watches page with a watch, what is new and the form has no WCAG 2.1 A/AA violations (${look})`, async ({
    page,
  }, testInfo) => {
    const { origin } = started();
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    const handle = alias('grace', `watchaxe${width}${scheme}`);
    await page.goto(`${origin}/timeline?screen_name=${handle}`);
    await expect(page.locator('article').first()).toBeVisible();
    await page.goto(`${origin}/watches`);
    // On a phone the header's links scroll sideways: the page's own link, the last, is brought into view.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Watches/ })).toBeInViewport(
      {
        ratio: 1,
      },
    );
    await createWatch(page, handle);
    const row = page.getByTestId('watch-row').filter({ hasText: `@${handle}` });
    await row.getByTestId('watch-run-now').click();
    await expect(row.getByTestId('watch-row-last')).toHaveText(/^done · /);
    await expect(page.getByTestId('watches-new-count')).toBeVisible();
    // Its history open too: the runs' table (scrolled sideways on a phone, never the page).
    expect(await historyOf(row)).toHaveLength(1);
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
    expect(await wcagViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    // Tidy: this look's watch goes, so the next look's list starts as this one did.
    await row.getByTestId('watch-delete').click();
    await row.getByTestId('watch-delete-confirm').click();
    await expect(row).toHaveCount(0);
  });
}
