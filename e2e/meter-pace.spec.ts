import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { startInstance } from './support/instances.ts';
import { E2E } from './support/ports.ts';
import { standin } from './support/standin.ts';
import { HEADER } from '../src/contract/headers.ts';

/**
 * The header's meter as a person sees it, on an instance of its own: 5 timeline pages (0.5 credits) bought at
 * the start of the session. The browser's clock is set to known times after that, so the pace over the last
 * 15 minutes and its forecast are exact; then the meter under the person's own limit (amber at 80 %, red once
 * reached) beside a running job, at a phone's and two desktops' widths.
 */
const HEADERS = { [HEADER.client]: '1', 'content-type': 'application/json' };
const MINUTE = 60_000;
const upstream = standin(E2E.upstreamStandin);
const tag = `meter${Date.now().toString(36)}`;
let instance: Awaited<ReturnType<typeof startInstance>>;
let startedAt = 0;

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'en-GB', timezoneId: 'UTC' });

const api = (path: string, init: RequestInit = {}) => fetch(`${instance.origin}${path}`, { ...init, headers: HEADERS });
const setLimit = async (limit: string | null) =>
  expect((await api('/api/_session/budget', { method: 'PUT', body: JSON.stringify({ limit }) })).status).toBe(200);

test.beforeAll(async () => {
  test.setTimeout(60_000);
  instance = await startInstance(E2E.paceApp, {
    API_BASE_URL: `http://127.0.0.1:${E2E.upstreamStandin}`,
    API_TOKEN: E2E.token,
    // The running job's call is held by the stand-in for a minute: longer than that is not a timeout here.
    UPSTREAM_TIMEOUT_MS: '120000',
    // Money beside the credits (#33.8) is one more part the meter must fit on one line.
    CREDIT_PRICE: '0.002 USD',
    CREDITSCOPE_DATA_DIR: `${process.env.CREDITSCOPE_E2E_DIR}/meter-pace-${Date.now()}`,
  });
  await setLimit('2');
  for (let index = 0; index < 5; index++)
    expect((await api(`/api/v1/social/microblog/posts?screen_name=ada__${tag}${index}`)).status).toBe(200);
  startedAt = Date.parse(
    ((await (await api('/api/_session')).json()) as { session: { startedAt: string } }).session.startedAt,
  );
});

test.afterAll(async () => {
  await instance?.stop();
});

/** What the page should say for a time, in its locale (en-GB, UTC): "16:40" the same day, "Tue 09:15" another. */
function clock(at: number, now: number): string {
  const sameDay = new Date(at).toISOString().slice(0, 10) === new Date(now).toISOString().slice(0, 10);
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    hour: 'numeric',
    minute: '2-digit',
    ...(sameDay ? {} : { weekday: 'short' }),
  }).format(at);
}

async function openAt(page: Page, minutesIn: number) {
  await page.clock.setFixedTime(startedAt + minutesIn * MINUTE);
  await page.goto(`${instance.origin}/credits`);
}

test('the pace is credits per hour over a fixed 15 minutes, with a forecast only while spending goes on', async ({
  page,
}) => {
  // 10 minutes in, the window is still 15 minutes (#33): 0.5 credits in it is 2 an hour; the 1.5 left last 45 minutes.
  await openAt(page, 10);
  let now = startedAt + 10 * MINUTE;
  await expect(page.getByTestId('meter-pace')).toHaveText(
    `2 credits/h · last 15 min · limit ${clock(startedAt + 55 * MINUTE, now)}`,
  );
  await expect(page.getByTestId('meter-pace').locator('abbr')).toHaveAttribute(
    'title',
    'credits per hour over the last 15 minutes',
  );

  // 15 minutes in: 2 an hour over the last 15 minutes, so the limit comes 45 minutes later.
  await openAt(page, 15);
  now = startedAt + 15 * MINUTE;
  const reached = clock(startedAt + 60 * MINUTE, now);
  await expect(page.getByTestId('meter-pace')).toHaveText(`2 credits/h · last 15 min · limit ${reached}`);
  await expect(page.getByTestId('credit-meter')).toHaveAttribute(
    'aria-label',
    new RegExp(
      `2 credits per hour over the last 15 minutes \\(0\\.5 credits on 5 paid calls; 0\\.5 credits this session, since the session started at ${clock(startedAt, now)}\\)\\. At this rate the limit is reached at ${reached}, in 45 mins?\\.`,
    ),
  );
  await expect(page.getByTestId('credits-pace')).toHaveText(
    new RegExp(
      `^Rate: 2 credits per hour over the last 15 minutes .+ the limit is reached at ${reached}, in 45 mins?\\.$`,
    ),
  );
  await expect(page.getByTestId('credits-pace')).toHaveAttribute('data-forecast', 'at');

  // Half an hour in, nothing spent for 15 minutes: idle, so no rate on the meter and no clock for the limit anywhere.
  await openAt(page, 30);
  await expect(page.getByTestId('credits-pace')).toHaveText(
    `Rate: Nothing spent in the last 15 minutes, so no forecast (0.5 credits this session, since the session started at ${clock(startedAt, startedAt + 30 * MINUTE)}).`,
  );
  await expect(page.getByTestId('credits-pace')).toHaveAttribute('data-spending', 'false');
  await expect(page.getByTestId('meter-pace')).toHaveCount(0);
  await expect(page.getByTestId('credit-meter')).not.toHaveAttribute('aria-label', /limit is reached at/);

  // Half a minute in, the 5 calls make a rate over the same fixed 15 minutes: 2 an hour, not 60.
  await openAt(page, 0.5);
  await expect(page.getByTestId('meter-pace')).toContainText('2 credits/h · last 15 min');
});

test("the meter turns amber at 80 % of the person's own limit, and opens the Credits page", async ({ page }) => {
  // 0.5 of a limit of 2 is a quarter: calm.
  await page.goto(`${instance.origin}/`);
  const meter = page.getByTestId('credit-meter');
  await expect(meter).not.toHaveAttribute('data-budget-warning', 'true');
  await expect(page.getByTestId('meter-budget')).toHaveText('1.5 of 2 left');

  // 0.5 of 0.6 is 83 %: past the personal limit's warning point (0.48), in colour and in words.
  await setLimit('0.6');
  await page.reload();
  await expect(meter).toHaveAttribute('data-budget-warning', 'true');
  await expect(meter).toHaveAttribute('data-warning-by', 'personal');
  await expect(page.getByTestId('meter-budget')).toHaveText('▲ 0.1 of 0.6 left');
  await expect(meter).toHaveAttribute('aria-label', /Warning: close to your limit \(warns at 0\.48\)/);
  await expect(meter).toHaveClass(/border-amber-500/);

  await meter.click();
  await expect(page).toHaveURL(`${instance.origin}/credits`);
  await expect(page.getByTestId('budget-warning')).toContainText(
    'Close to your limit (amber from 0.48 credits spent this session)',
  );
});

const WIDTHS = [375, 1024, 1440];

/** The header's and the meter's heights at a width, once the meter shows what the state says. */
async function heightsAt(page: Page, width: number, ready: () => Promise<void>) {
  await page.setViewportSize({ width, height: 800 });
  await page.goto(`${instance.origin}/`);
  await ready();
  const meter = page.getByTestId('credit-meter');
  // Everything it shows fits: nothing cut off at its edge.
  await expect
    .poll(() => meter.evaluate((element) => element.scrollWidth <= element.clientWidth), { timeout: 10_000 })
    .toBe(true);
  const header = (await page.locator('header').boundingBox())!;
  const box = (await meter.boundingBox())!;
  return { header: header.height, meter: box.height };
}

test('the meter stays one line at 375, 1024 and 1440 px with a limit reached and a job running, and the header keeps its height', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await setLimit(null);
  const meter = page.getByTestId('credit-meter');
  const idle: Record<number, { header: number; meter: number }> = {};
  for (const width of WIDTHS)
    idle[width] = await heightsAt(page, width, () => expect(page.getByTestId('meter-total')).toHaveText('0.5'));

  // A job whose first page the stand-in holds for a minute: running all the while. Then the person's limit at
  // what the session has spent: reached.
  await upstream.fault({ match: `${tag}job`, latencyMs: 60_000, times: 1 });
  const spec = { handles: [`ada__${tag}joba`, `ada__${tag}jobb`], timeline: { pages: 3 }, concurrency: 1 };
  const { quote } = (await (await api('/api/_jobs/quote', { method: 'POST', body: JSON.stringify(spec) })).json()) as {
    quote: { maxCredits: string };
  };
  const created = await api('/api/_jobs', {
    method: 'POST',
    body: JSON.stringify({ ...spec, acceptedMaxCredits: quote.maxCredits }),
  });
  expect(created.status).toBe(201);
  await expect.poll(async () => (await upstream.log(`${tag}job`)).length, { timeout: 10_000 }).toBe(1);
  await setLimit('0.5');

  for (const width of WIDTHS) {
    const loaded = await heightsAt(page, width, async () => {
      await expect(meter).toHaveAttribute('data-reached-by', 'personal');
      await expect(page.getByTestId('job-meter')).toBeVisible();
      await expect(page.getByTestId('meter-budget')).toBeVisible();
    });
    // One line: no taller than the idle meter, and the header as tall as when nothing was going on.
    expect(loaded.meter, `meter at ${width} px`).toBeLessThanOrEqual(idle[width]!.meter);
    expect(loaded.meter, `meter at ${width} px`).toBeLessThan(40);
    expect(loaded.header, `header at ${width} px`).toBe(idle[width]!.header);
  }

  // "Limit reached" leads to where the limit is changed.
  await meter.click();
  await expect(page).toHaveURL(`${instance.origin}/credits`);
  await expect(page.getByTestId('budget-reached')).toHaveAttribute('data-reached-by', 'personal');
  // The job's held call, the 5 pages before it and nothing else reached the upstream.
  expect(await upstream.log(tag)).toHaveLength(6);
});
