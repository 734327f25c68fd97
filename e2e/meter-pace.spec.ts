import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { startInstance } from './support/instances.ts';
import { E2E } from './support/ports.ts';
import { HEADER } from '../src/contract/headers.ts';

/**
 * The meter's pace on an instance of its own: 5 timeline pages (0.5 credits) under a personal limit of 2.
 * The browser's clock is set to a known time after the session started, so the rate and the forecast are exact.
 */
const HEADERS = { [HEADER.client]: '1', 'content-type': 'application/json' };
const MINUTE = 60_000;
let instance: Awaited<ReturnType<typeof startInstance>>;
let startedAt = 0;

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'en-GB', timezoneId: 'UTC' });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  instance = await startInstance(E2E.paceApp, {
    API_BASE_URL: `http://127.0.0.1:${E2E.upstreamStandin}`,
    API_TOKEN: E2E.token,
    CREDITSCOPE_DATA_DIR: `${process.env.CREDITSCOPE_E2E_DIR}/meter-pace-${Date.now()}`,
  });
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${instance.origin}${path}`, { ...init, headers: HEADERS });
  expect((await api('/api/_session/budget', { method: 'PUT', body: JSON.stringify({ limit: '2' }) })).status).toBe(200);
  const tag = Date.now().toString(36);
  for (let index = 0; index < 5; index++)
    expect((await api(`/api/v1/social/microblog/posts?screen_name=ada__pace${tag}${index}`)).status).toBe(200);
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

test('the meter shows credits per hour and when the limit is reached at this rate; the Credits page says it in full', async ({
  page,
}) => {
  // 0.5 credits in 30 minutes is 1 an hour; the 1.5 left last 90 minutes more.
  await openAt(page, 30);
  const now = startedAt + 30 * MINUTE;
  const reached = clock(startedAt + 120 * MINUTE, now);
  await expect(page.getByTestId('meter-pace')).toHaveText(`1/h · limit ${reached}`);
  await expect(page.getByTestId('credit-meter')).toHaveAttribute(
    'aria-label',
    new RegExp(
      `1 credit per hour this session \\(0\\.5 credits since the session started at ${clock(startedAt, now)}, 30 mins? ago\\)\\. At this rate the limit is reached at ${reached}, in 1 hr,? 30 mins?\\.`,
    ),
  );
  await expect(page.getByTestId('credits-pace')).toHaveText(
    new RegExp(
      `^Rate: 1 credit per hour this session .+ At this rate the limit is reached at ${reached}, in 1 hr,? 30 mins?\\.$`,
    ),
  );

  // Nothing more spent an hour later: the rate halves, and the limit moves out to 3 hours from then.
  await openAt(page, 60);
  await expect(page.getByTestId('meter-pace')).toHaveText(
    `0.5/h · limit ${clock(startedAt + 240 * MINUTE, startedAt + 60 * MINUTE)}`,
  );
  await expect(page.getByTestId('credits-pace')).toContainText('in 3 hr');
});

test('without a limit the meter shows the rate alone; in the first minute it waits rather than guess', async ({
  page,
}) => {
  await page.clock.setFixedTime(startedAt + 10 * MINUTE);
  await page.goto(`${instance.origin}/credits`);
  await page.getByRole('button', { name: 'Clear my limit' }).click();
  await expect(page.getByTestId('meter-pace')).toHaveText('3/h');
  await expect(page.getByTestId('meter-forecast')).toHaveCount(0);
  await expect(page.getByTestId('credits-pace')).toHaveText(
    /^Rate: 3 credits per hour this session \(0\.5 credits since the session started at .+, 10 mins? ago\)\.$/,
  );

  await openAt(page, 0.5);
  await expect(page.getByTestId('meter-pace')).toHaveCount(0);
  await expect(page.getByTestId('credits-pace')).toHaveText(
    'Rate: The spending rate shows once the session is a minute old.',
  );
});
