import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import fs from 'node:fs';
import { startInstance } from './support/instances.ts';
import { E2E } from './support/ports.ts';
import { standin } from './support/standin.ts';
import { HEADER } from '../src/contract/headers.ts';
import { POST_COLUMNS } from '../src/contract/export/post-export.ts';
import { wcagViolations } from './support/axe.ts';

/**
 * Collection jobs through the Jobs page, on instances of their own (the production server, upstream mode,
 * the shared upstream stand-in): one is killed mid-job and started again on the same data directory, the
 * other runs under an operator limit. What was bought is proved with the stand-in's call log.
 */
const upstream = standin(E2E.upstreamStandin);
const HEADERS = { [HEADER.client]: '1' };
const upstreamEnv = { API_BASE_URL: `http://127.0.0.1:${E2E.upstreamStandin}`, API_TOKEN: E2E.token };
type Instance = Awaited<ReturnType<typeof startInstance>>;

test.describe.configure({ mode: 'serial' });

/** Handles no other test asks for: `ada__<tag><letter>` is Ada to the stand-in, and the tag finds every call. */
function handles(title: string, count: number): { tag: string; names: string[] } {
  const tag = `${title}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { tag, names: Array.from({ length: count }, (_, index) => `ada__${tag}${String.fromCharCode(97 + index)}`) };
}

/** Until the stand-in has heard nothing more for this tag for 1.5 s: no call in flight. */
async function quiet(tag: string) {
  let seen = -1;
  for (;;) {
    const now = (await upstream.log(tag)).length;
    if (now === seen) return;
    seen = now;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  }
}

/** A page as the stand-in saw it asked for: handle and cursor. */
const pageOf = (entry: { query: Record<string, string> }) =>
  `${entry.query.screen_name} ${entry.query.cursor ?? 'first'}`;

async function quoteJob(page: Page, names: string[], pages: number) {
  await page.getByTestId('job-handles').fill(names.join(', '));
  await page.getByTestId('job-pages').fill(String(pages));
  await page.getByTestId('job-concurrency').fill('1');
  await page.getByTestId('job-quote').click();
  await expect(page.getByTestId('job-quote-panel')).toBeVisible();
}

/** The post ids of a handle's first `pages` pages, read back through the proxy from its archive: free. */
async function archivedPostIds(origin: string, handle: string, pages: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let index = 0; index < pages; index += 1) {
    const query = new URLSearchParams({ screen_name: handle, ...(cursor ? { cursor } : {}) });
    const response = await fetch(`${origin}/api/v1/social/microblog/posts?${query}`, { headers: HEADERS });
    expect(response.headers.get(HEADER.source)).toBe('archive');
    const body = (await response.json()) as { data: { timeline: { post_id: string }[]; next_cursor: string } };
    ids.push(...body.data.timeline.map((post) => post.post_id));
    cursor = body.data.next_cursor;
  }
  return ids;
}

test.describe('a job over three handles', () => {
  let instance: Instance;
  const dataDir = `${process.env.CREDITSCOPE_E2E_DIR}/jobs-${Date.now()}`;
  test.afterAll(async () => {
    await instance?.stop();
  });

  test('quotes without the archived page, survives a kill mid-run, buys no page twice and exports what it bought', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    instance = await startInstance(E2E.jobsApp, { ...upstreamEnv, CREDITSCOPE_DATA_DIR: dataDir });
    const { tag, names } = handles('jobkill', 3);

    // The first page of the first handle is bought through the timeline page: the job will find it in the archive.
    await page.goto(`${instance.origin}/timeline?screen_name=${names[0]}`);
    await expect(page.locator('article').first()).toBeVisible();
    expect(await upstream.log(tag)).toHaveLength(1);

    await page.goto(`${instance.origin}/jobs`);
    await quoteJob(page, names, 3);
    await expect(page.getByTestId('quote-to-buy')).toHaveText('8');
    await expect(page.getByTestId('quote-archived')).toHaveText('1');
    await expect(page.getByTestId('quote-max')).toHaveText('0.8 credits');
    await expect(page.getByTestId('quote-item-archived')).toHaveText(['1', '0', '0']);
    await expect(page.getByTestId('job-start')).toHaveText('Start job · at most 0.8 credits');
    // Quoting bought nothing.
    expect(await upstream.log(tag)).toHaveLength(1);

    // Three calls pass, then the fourth is refused with a Retry-After longer than the proxy waits: the job
    // sleeps on it with no call in flight, which is when the process is killed.
    await upstream.fault({ match: tag, latencyMs: 1, times: 3 });
    await upstream.fault({ match: tag, status: 429, retryAfter: '8', times: 1 });
    await page.getByTestId('job-start').click();
    const view = page.getByTestId('job-view');
    await expect(view).toHaveAttribute('data-status', 'running');
    await expect(page.getByTestId('job-meter')).toContainText(/\d+\/9/);
    await expect.poll(async () => (await upstream.log(tag)).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(5);
    await quiet(tag);
    await expect(view).toHaveAttribute('data-status', 'running');
    await instance.kill();
    const atKill = await upstream.log(tag);
    const refused = pageOf(atKill[4]!);

    instance = await startInstance(E2E.jobsApp, { ...upstreamEnv, CREDITSCOPE_DATA_DIR: dataDir });
    await page.reload();
    await expect(view).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    await expect(page.getByTestId('job-pages-bar-text')).toHaveText('9/9');
    await expect(page.getByTestId('job-credits-bar-text')).toHaveText('0.8/0.8');
    await expect(page.getByTestId('job-figures')).toContainText('180 posts collected · 1 page from the archive (free)');
    await expect(page.getByTestId('job-item')).toHaveCount(3);
    await expect(page.getByTestId('job-meter')).toHaveCount(0);

    // The stand-in saw the archived page once, the eight pages the quote counted once each, and the one refusal (free).
    const calls = await upstream.log(tag);
    expect(calls).toHaveLength(10);
    const bought = calls.filter((_, index) => index !== 4).map(pageOf);
    expect(new Set(bought).size).toBe(9);
    expect(bought.filter((asked) => asked === refused)).toHaveLength(1);

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('job-view').getByTestId('job-export-ndjson').click(),
    ]);
    const rows = fs
      .readFileSync(await file.path(), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { subject: string; item: { post_id: string } });
    expect(rows).toHaveLength(180);
    for (const handle of names) {
      const exported = rows.filter((row) => row.subject === handle.toLowerCase()).map((row) => row.item.post_id);
      expect(exported).toEqual(await archivedPostIds(instance.origin, handle, 3));
    }
    // Its CSV: where each row came from, then the columns every post export shares (src/contract/export/post-export.ts).
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('job-view').getByTestId('job-export-csv').click(),
    ]);
    const header = fs.readFileSync(await csv.path(), 'utf8').split('\r\n')[0];
    expect(header).toBe(`job,item,kind,subject,page,purchase_id,from_archive,${POST_COLUMNS.join(',')}`);
    // Reading the pages back and exporting bought nothing.
    expect(await upstream.log(tag)).toHaveLength(10);
  });

  test('a quote that changed before Start is shown again and nothing is bought until it is accepted', async ({
    page,
  }) => {
    test.skip(!instance, 'needs the instance the first test started');
    const { tag, names } = handles('jobrequote', 1);
    await page.goto(`${instance.origin}/jobs`);
    await quoteJob(page, names, 2);
    await expect(page.getByTestId('job-start')).toHaveText('Start job · at most 0.2 credits');
    // Meanwhile the first page is bought elsewhere: the job would now cost less.
    expect(
      (await fetch(`${instance.origin}/api/v1/social/microblog/posts?screen_name=${names[0]}`, { headers: HEADERS }))
        .status,
    ).toBe(200);
    await page.getByTestId('job-start').click();
    await expect(page.getByTestId('job-quote-changed')).toBeVisible();
    await expect(page.getByTestId('quote-archived')).toHaveText('1');
    await expect(page.getByTestId('job-start')).toHaveText('Start job · at most 0.1 credits');
    expect(await upstream.log(tag)).toHaveLength(1);
    await page.getByTestId('job-start').click();
    await expect(page.getByTestId('job-view')).toHaveAttribute('data-status', 'done');
    await expect(page.getByTestId('job-credits-bar-text')).toHaveText('0.1/0.1');
    expect(await upstream.log(tag)).toHaveLength(2);
  });

  test('a handle that does not exist ends its item with the reason, and the job goes on', async ({ page }) => {
    test.skip(!instance, 'needs the instance the first test started');
    const { tag } = handles('jobmissing', 0);
    const missing = `nobody__${tag}`;
    const present = `grace__${tag}`;
    await page.goto(`${instance.origin}/jobs`);
    await quoteJob(page, [missing, present], 1);
    await page.getByTestId('job-start').click();
    await expect(page.getByTestId('job-view')).toHaveAttribute('data-status', 'done');
    const [gone, found] = [page.getByTestId('job-item').nth(0), page.getByTestId('job-item').nth(1)];
    await expect(gone).toHaveAttribute('data-status', 'failed');
    await expect(gone).toContainText('Not Found');
    await expect(found).toHaveAttribute('data-status', 'done');
    await expect(found).toContainText('20 posts');
    expect(await upstream.log(tag)).toHaveLength(2);
  });

  test('a job is quoted, started, paused, resumed and cancelled from the keyboard alone', async ({ page }) => {
    test.skip(!instance, 'needs the instance the first test started');
    const { tag, names } = handles('jobkeys', 2);
    // Slow pages keep the job running long enough to act on it, on a loaded machine too (at 600 ms, and once at
    // 1.5 s, its last pages landed before Cancel and it ended done).
    await upstream.fault({ match: tag, latencyMs: 3_000, times: 6 });
    await page.goto(`${instance.origin}/credits`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Credits');
    await page.keyboard.press('g');
    await page.keyboard.press('j');
    await expect(page).toHaveURL(/\/jobs$/);
    await page.getByTestId('job-handles').focus();
    await page.keyboard.type(names.join(' '));
    await page.getByTestId('job-pages').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('job-start')).toHaveText('Start job · at most 0.6 credits');
    await page.getByTestId('job-start').focus();
    await page.keyboard.press('Enter');
    // The new job takes the focus, and the next Tab stop is its Pause.
    await expect(page.getByTestId('job-section')).toBeFocused();
    await expect(page.getByTestId('job-pause')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('job-pause')).toBeFocused();
    // The pause's answer is held back, so Resume is pressed before it lands (as on a slow network): the press
    // waits for it rather than being lost, and its request leaves only once that answer has.
    let pauseReleased = false;
    let resumeSentBeforePauseAnswer: boolean | null = null;
    await page.route('**/api/_jobs/*/pause', async (route) => {
      const answer = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      pauseReleased = true;
      await route.fulfill({ response: answer });
    });
    page.on('request', (request) => {
      if (/\/api\/_jobs\/[^/]+\/resume/.test(request.url())) resumeSentBeforePauseAnswer ??= !pauseReleased;
    });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('job-view')).toHaveAttribute('data-status', 'paused');
    await expect(page.getByTestId('job-resume')).toBeFocused();
    await expect(page.getByTestId('job-resume')).toContainText(/Resume at most 0\.\d credits/);
    await page.keyboard.press('Enter');
    expect(pauseReleased).toBe(false);
    await expect(page.getByTestId('job-view')).toHaveAttribute('data-status', 'running');
    await expect.poll(() => resumeSentBeforePauseAnswer).toBe(false);
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('job-cancel')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('job-view')).toHaveAttribute('data-status', 'cancelled');
    await expect(page.getByTestId('job-stop-title')).toHaveText('Cancelled');
    // A cancelled job buys nothing more (a call in flight when it was cancelled may still land).
    await quiet(tag);
    const after = (await upstream.log(tag)).length;
    expect(after).toBeLessThan(6);
    await page.waitForTimeout(1_500);
    expect(await upstream.log(tag)).toHaveLength(after);
  });

  test("the panel, the All jobs row and the meter agree while a job runs, and a cancel shows at once with the stand-in's figures", async ({
    page,
  }) => {
    test.skip(!instance, 'needs the instance the first test started');
    // A ledger session of this test's own: the meter counts only what this job buys.
    expect((await fetch(`${instance.origin}/api/_session/new`, { method: 'POST', headers: HEADERS })).status).toBe(200);
    const { tag, names } = handles('jobagree', 2);
    await upstream.fault({ match: tag, latencyMs: 400, times: 10 });
    await page.goto(`${instance.origin}/jobs`);
    await quoteJob(page, names, 5);
    await expect(page.getByTestId('job-start')).toHaveText('Start job · at most 1 credits');
    // Nothing spent in this session before Start; from then on the meter follows the job (its pages take 400 ms).
    await expect(page.getByTestId('meter-total')).toHaveText('0');
    await page.getByTestId('job-start').click();
    const view = page.getByTestId('job-view');
    await expect(view).toHaveAttribute('data-status', 'running');
    const id = await view.getAttribute('data-job-id');
    const row = page.locator(`[data-testid="jobs-list-item"][data-job-id="${id}"]`);

    /** The panel's, the row's and the header chip's figures, read in one frame. */
    const together = () =>
      page.evaluate((jobId) => {
        const text = (selector: string) => document.querySelector(selector)?.textContent?.trim() ?? null;
        const listed = `[data-testid="jobs-list-item"][data-job-id="${jobId}"]`;
        return {
          panel: {
            pages: text('[data-testid="job-pages-bar-text"]'),
            credits: text('[data-testid="job-credits-bar-text"]'),
          },
          row: {
            pages: text(`${listed} [data-testid="jobs-list-pages"]`),
            spent: text(`${listed} [data-testid="jobs-list-spent"]`),
          },
          chip: text('[data-testid="job-meter"]'),
        };
      }, id);
    await expect(page.getByTestId('job-pages-bar-text')).toHaveText(/^[1-9]\/10$/, { timeout: 10_000 });
    for (let reading = 0; reading < 4; reading += 1) {
      const seen = await together();
      const [pages] = seen.panel.pages!.split('/');
      expect(seen.row).toEqual({ pages: `${pages}/10 pages`, spent: seen.panel.credits!.split('/')[0] });
      if (seen.chip !== null) expect(seen.chip).toContain(`${pages}/10`);
      await page.waitForTimeout(350);
    }

    const answered = page.waitForResponse((response) => response.url().endsWith(`/api/_jobs/${id}/cancel`));
    await page.getByTestId('job-cancel').click();
    // Cancelled at once, in the panel and its row; the chip of running jobs is gone.
    await expect(view).toHaveAttribute('data-status', 'cancelled', { timeout: 1_000 });
    await expect(row.getByTestId('job-status')).toHaveText('Cancelled', { timeout: 1_000 });
    await expect(page.getByTestId('job-meter')).toHaveCount(0, { timeout: 1_000 });
    const final = ((await (await answered).json()) as { job: { pagesDone: number; spent: string } }).job;
    // Within a second of the answer, the panel, the row and the meter show the figures it carries...
    const spent = (final.pagesDone / 10).toString();
    expect(final.spent).toBe(spent);
    await expect(page.getByTestId('job-pages-bar-text')).toHaveText(`${final.pagesDone}/10`, { timeout: 1_000 });
    await expect(page.getByTestId('job-credits-bar-text')).toHaveText(`${spent}/1`, { timeout: 1_000 });
    await expect(row.getByTestId('jobs-list-pages')).toHaveText(`${final.pagesDone}/10 pages`, { timeout: 1_000 });
    await expect(row.getByTestId('jobs-list-spent')).toHaveText(spent, { timeout: 1_000 });
    await expect(page.getByTestId('meter-total')).toHaveText(spent, { timeout: 1_000 });
    // ...which are the stand-in's: every page it was asked for, none after, and the ledger's total.
    await quiet(tag);
    expect(await upstream.log(tag)).toHaveLength(final.pagesDone);
    const state = (await (await fetch(`${instance.origin}/api/_session`, { headers: HEADERS })).json()) as {
      session: { total: string; calls: number };
    };
    expect(state.session).toMatchObject({ total: spent, calls: final.pagesDone });
    await page.reload();
    await expect(view).toHaveAttribute('data-status', 'cancelled');
    await expect(page.getByTestId('job-pages-bar-text')).toHaveText(`${final.pagesDone}/10`);
    await expect(page.getByTestId('meter-total')).toHaveText(spent);
  });

  test('"until the end" is quoted at most and likely: likely from the profile\'s post count, near what the job buys', async ({
    page,
  }) => {
    test.skip(!instance, 'needs the instance the first test started');
    const { tag } = handles('joblikely', 0);
    const grace = `grace__${tag}`;
    // Grace's first page, bought through the timeline page: the archive now holds her profile (47 posts).
    await page.goto(`${instance.origin}/timeline?screen_name=${grace}`);
    await expect(page.locator('article').first()).toBeVisible();
    await page.goto(`${instance.origin}/jobs`);
    await page.getByTestId('job-handles').fill(grace);
    await page.locator('input[type="radio"][value="end"]').check();
    await page.getByTestId('job-quote').click();
    // At most: the page cap of 100, one in the archive. Likely: 47 posts at 20 a page and the empty last page, less the one archived.
    await expect(page.getByTestId('quote-max')).toHaveText('9.9 credits');
    await expect(page.getByTestId('quote-likely')).toHaveText('likely 0.3');
    await expect(page.getByTestId('quote-item-likely')).toHaveText('likely 0.3');
    await expect(page.getByTestId('job-quote-panel')).toContainText('@' + grace.toLowerCase() + ' 47 posts');
    await expect(page.getByTestId('job-start')).toHaveText('Start job · at most 9.9 credits');
    expect(await upstream.log(tag)).toHaveLength(1);
    await page.getByTestId('job-start').click();
    await expect(page.getByTestId('job-view')).toHaveAttribute('data-status', 'done');
    await expect(page.getByTestId('job-credits-bar-text')).toHaveText('0.3/9.9');
    expect(await upstream.log(tag)).toHaveLength(1 + 3);
  });

  const LOOKS = [
    { look: 'light', scheme: 'light', width: 1280 },
    { look: 'dark', scheme: 'dark', width: 1280 },
    { look: '375 px', scheme: 'light', width: 375 },
  ] as const;
  for (const { look, scheme, width } of LOOKS) {
    test(`the Jobs page with a quote and a finished job has no WCAG 2.1 A/AA violations (${look})`, async ({
      page,
    }) => {
      test.skip(!instance, 'needs the instance the first test started');
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${instance.origin}/jobs`);
      await page
        .getByTestId('jobs-list-item')
        .filter({ has: page.getByTestId('job-status').getByText('Done') })
        .getByRole('link')
        .last()
        .click();
      await expect(page.getByTestId('job-view')).toHaveAttribute('data-status', 'done');
      await quoteJob(page, handles('jobaxe', 2).names, 2);
      expect(await wcagViolations(page)).toEqual([]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBe(0);
    });
  }
});

test.describe('a job under the operator limit', () => {
  let instance: Instance;
  test.afterAll(async () => {
    await instance?.stop();
  });

  test('stops at the limit and says so on screen', async ({ page }) => {
    test.setTimeout(90_000);
    instance = await startInstance(E2E.jobsLimitApp, {
      ...upstreamEnv,
      CREDIT_LIMIT: '0.5',
      CREDITSCOPE_DATA_DIR: `${process.env.CREDITSCOPE_E2E_DIR}/jobs-limit-${Date.now()}`,
    });
    const { tag, names } = handles('joblimit', 3);
    // One page bought first: the price is known to the quote, and 0.4 of the 0.5 is left.
    const first = await fetch(`${instance.origin}/api/v1/social/microblog/posts?screen_name=${names[2]}`, {
      headers: HEADERS,
    });
    expect(first.status).toBe(200);

    // The header's job chip (which keeps the meter following a job) loads only once the job has stopped, as on
    // a slow link when a job's pages come from a fast upstream: the meter must still end on the job's last call.
    let jobStopped = (): void => undefined;
    const stopped = new Promise<void>((resolve) => (jobStopped = resolve));
    await page.route(/JobMeterBadge[^/]*$/, async (route) => {
      await stopped;
      await route.continue();
    });
    await page.goto(`${instance.origin}/jobs`);
    await quoteJob(page, names.slice(0, 2), 3);
    await expect(page.getByTestId('quote-max')).toHaveText('0.6 credits');
    await expect(page.getByTestId('quote-budget')).toHaveText('0.4 credits');
    await expect(page.getByTestId('quote-fits')).toHaveAttribute('data-fits', 'false');
    await expect(page.getByTestId('job-start')).toHaveText(
      'Start job · at most 0.4 credits, then it stops at the limit',
    );
    await page.getByTestId('job-start').click();

    const view = page.getByTestId('job-view');
    await expect(view).toHaveAttribute('data-status', 'stopped', { timeout: 30_000 });
    jobStopped();
    await expect(page.getByTestId('job-stop-title')).toHaveText("Stopped: the operator's credit limit is reached");
    await expect(page.getByTestId('job-stop-message')).not.toBeEmpty();
    await expect(page.getByTestId('job-credits-bar-text')).toHaveText('0.4/0.6');
    await expect(page.getByTestId('credit-meter')).toHaveAttribute('data-reached-by', 'operator');
    // The page bought first and the four the limit left room for; none past it.
    expect(await upstream.log(tag)).toHaveLength(5);
    await expect(page.getByTestId('jobs-list-item').first()).toContainText(
      "Stopped: the operator's credit limit is reached",
    );
  });
});
