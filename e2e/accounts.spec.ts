import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { startInstance } from './support/instances.ts';
import { bearer, errorKind, hostRequest, userCli, welcomeLink } from './support/people.ts';
import { E2E } from './support/ports.ts';
import { alias, standin } from './support/standin.ts';
import { HEADER } from '../src/contract/headers.ts';

/**
 * #28's "Done when", in Chromium against the production server in `accounts` mode under a host name of its own
 * (ALLOWED_HOSTS), as a team deploys it: Chromium resolves the name to 127.0.0.1, every request carries it.
 * People are added with the CLI on the same store, as an admin would; spend is proven with the stand-in's log.
 */
const HOST = 'creditscope.test';
const PORT = E2E.accountsApp;
const ORIGIN = `http://${HOST}:${PORT}`;
const PASSWORD = 'correct horse battery staple';
const upstream = standin(E2E.upstreamStandin);
const env = {
  API_BASE_URL: `http://127.0.0.1:${E2E.upstreamStandin}`,
  API_TOKEN: E2E.token,
  CREDITSCOPE_AUTH: 'accounts',
  ALLOWED_HOSTS: HOST,
  CREDITSCOPE_PUBLIC_URL: ORIGIN,
  CREDITSCOPE_DATA_DIR: `${process.env.CREDITSCOPE_E2E_DIR}/accounts`,
};

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      `--host-resolver-rules=MAP ${HOST} 127.0.0.1`,
    ],
  },
});
test.describe.configure({ mode: 'serial' });

let app: Awaited<ReturnType<typeof startInstance>>;
const links: Record<string, string> = {};
const contexts: BrowserContext[] = [];
/** Alice's timeline: the three pages she buys, which bob later opens free. */
const aliceHandle = alias('ada', 'accountsalice');

test.beforeAll(async () => {
  test.setTimeout(90_000);
  app = await startInstance(PORT, env);
});

test.afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await app?.stop();
});

/** A browser of the person's own, auto-load off: every page bought is a click. */
async function personPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  await context.addInitScript(() => window.localStorage.setItem('creditscope-timeline-autoload', 'off'));
  return context.newPage();
}

/** Opens the welcome link, chooses the password twice, and lands signed in on the start page. */
async function welcome(page: Page, name: string) {
  await page.goto(links[name]!);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('The same password again').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(page).toHaveURL(`${ORIGIN}/`);
  await expect(page.getByTestId('who-is-signed-in')).toContainText(name);
}

const refusal = (page: Page) => page.locator('[data-testid="error-panel"][data-kind="budget"]');

async function loadMore(page: Page) {
  const button = page.getByTestId('paging-footer').getByRole('button', { name: /Load more/ });
  await expect(button).toBeEnabled();
  await button.click();
}

test('with no credential a paid request is 401, nothing reaches the upstream, and a page asks to sign in', async ({
  page,
}) => {
  const handle = alias('ada', 'nocredential');
  const answer = await hostRequest(PORT, HOST, `/api/v1/social/microblog/posts?screen_name=${handle}`);
  expect(answer.status).toBe(401);
  expect(errorKind(answer)).toBe('sign-in-required');

  await page.goto(`${ORIGIN}/timeline?screen_name=${handle}`);
  await expect(page).toHaveURL(/\/sign-in\?next=%2Ftimeline/);
  await expect(page.getByTestId('sign-in-form')).toBeVisible();
  // Nobody's meter to show yet: once its read is refused, the header says nothing rather than "meter unavailable".
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('meter unavailable')).toHaveCount(0);
  expect(await upstream.log(handle)).toHaveLength(0);
});

test('the CLI adds alice (member, 0.3 a day), bob (viewer) and an admin, each with a welcome link', async () => {
  links.alice = welcomeLink(
    await userCli(['add', 'alice', '--role', 'member', '--limit', '0.3', '--period', 'day'], env),
  );
  links.bob = welcomeLink(await userCli(['add', 'bob', '--role', 'viewer'], env));
  links.admin = welcomeLink(await userCli(['add', 'admin', '--role', 'admin'], env));
  expect(links.alice).toMatch(new RegExp(`^${ORIGIN}/welcome#token=`));
});

test('alice chooses a password, buys three pages, and her fourth is refused naming her limit, unsent', async ({
  browser,
}) => {
  const page = await personPage(browser);
  await welcome(page, 'alice');
  await expect(page.getByTestId('who-is-signed-in')).toContainText('member');

  await page.goto(`${ORIGIN}/timeline?screen_name=${aliceHandle}`);
  await expect(page.locator('article').first()).toBeVisible();
  await loadMore(page);
  await expect(page.getByTestId('spend-line')).toContainText('from 2 pages');
  await loadMore(page);
  await expect(page.getByTestId('spend-line')).toContainText('from 3 pages');
  expect(await upstream.log(aliceHandle)).toHaveLength(3);

  // Her own limit is on the meter: reached, named as hers, and Load more offers no price.
  const meter = page.getByTestId('credit-meter');
  await expect(meter).toHaveAttribute('data-reached-by', 'person');
  await expect(meter).toHaveAccessibleName(/alice's limit of 0\.3 credits a day is reached.*resets 00:00 UTC/);
  await expect(meter.getByTestId('meter-budget')).toContainText('limit reached');
  const footer = page.getByTestId('paging-footer');
  await expect(footer.getByTestId('cost-hint-timeline')).toHaveText('your limit reached');
  await expect(footer.getByTestId('blocked-note')).toContainText('your own limit');

  await loadMore(page);
  await expect(refusal(page)).toBeVisible();
  await expect(refusal(page)).toContainText('alice');
  expect(await upstream.log(aliceHandle)).toHaveLength(3);

  await page.goto(`${ORIGIN}/credits`);
  await expect(page.getByTestId('own-limit')).toContainText('0.3 credits a day');

  // History says who bought each page: her three.
  await page.goto(`${ORIGIN}/history`);
  const hers = page.getByTestId('history-entry').filter({ hasText: `@${aliceHandle}` });
  await expect(hers).toHaveCount(3);
  for (const entry of await hers.all()) await expect(entry).toContainText('by alice');
});

test('the Credits page shows an admin her spend by name', async ({ browser }) => {
  const page = await personPage(browser);
  await welcome(page, 'admin');
  await page.goto(`${ORIGIN}/credits?by=person&period=all`);
  const alice = page.getByTestId('spend-table').locator('tr[data-group="alice"]');
  // Three calls, 0.3 credits: every page she bought is hers, the one the server rendered for her included.
  await expect(alice.locator('td').nth(0)).toHaveText('3');
  await expect(alice.getByTestId('spend-credits')).toHaveText('0.3');

  // An admin's People: alice with her limit and what she spent of it; the Audit log: the CLI adding her.
  const person = page.getByTestId('admin-people').getByTestId('person-row').filter({ hasText: 'alice' });
  await expect(person).toContainText('member');
  await expect(person).toContainText('0.3 a day');
  await expect(person).toContainText('0.3 today');
  const added = page.getByTestId('admin-audit').getByTestId('audit-entry').filter({ hasText: 'person-added' });
  await expect(added.filter({ hasText: 'alice' })).toHaveCount(1);
  await expect(added.filter({ hasText: 'alice' })).toContainText('cli');
});

test('bob, a viewer, opens a page alice bought free and cannot buy another', async ({ browser }) => {
  const page = await personPage(browser);
  await welcome(page, 'bob');
  await page.goto(`${ORIGIN}/timeline?screen_name=${aliceHandle}`);
  await expect(page.locator('article').first()).toBeVisible();
  expect(await upstream.log(aliceHandle)).toHaveLength(3);

  await page.goto(`${ORIGIN}/search`);
  await expect(page.getByText('Viewers cannot buy pages').first()).toBeVisible();
  const other = alias('ada', 'viewerbuys');
  const answer = await page.evaluate(
    async ({ path, header }) => {
      const response = await fetch(path, { headers: { [header]: '1' } });
      return { status: response.status, body: (await response.json()) as { error?: { kind?: string } } };
    },
    { path: `/api/v1/social/microblog/posts?screen_name=${other}`, header: HEADER.client },
  );
  expect(answer.status).toBe(403);
  expect(answer.body.error?.kind).toBe('viewer-cannot-spend');
  expect(await upstream.log(other)).toHaveLength(0);
});

test('20 wrong passwords throttle further tries, the right one included, and the page says how long to wait', async ({
  browser,
}) => {
  const signIn = (password: string) =>
    hostRequest(PORT, HOST, '/api/_auth/sign-in', { method: 'POST', body: { name: 'alice', password } });
  for (let tries = 0; tries < 20; tries++) expect((await signIn(`wrong ${tries}`)).status).toBe(401);
  const throttled = await signIn(PASSWORD);
  expect(throttled.status).toBe(429);
  expect(errorKind(throttled)).toBe('sign-in-throttled');
  expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);

  const page = await personPage(browser);
  await page.goto(`${ORIGIN}/sign-in`);
  await page.getByLabel('Name').fill('alice');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('auth-message')).toContainText(/Too many tries\. Wait \d+ (seconds|minutes)/);
  await expect(page).toHaveURL(/\/sign-in/);
});

test('a key made with `npm run user -- key alice` spends as alice from a script', async () => {
  await userCli(['limit', 'alice', '1', '--period', 'day'], env);
  const authorization = bearer(await userCli(['key', 'alice'], env));
  const handle = alias('ada', 'alicekey');
  const answer = await hostRequest(PORT, HOST, `/api/v1/social/microblog/posts?screen_name=${handle}`, {
    headers: { authorization },
  });
  expect(answer.status).toBe(200);
  expect(await upstream.log(handle)).toHaveLength(1);

  // Whose row it is: alice's own session (#33) holds it, read with the same key alone.
  const state = await hostRequest(PORT, HOST, '/api/_session', { headers: { authorization } });
  expect(state.status).toBe(200);
  const { rows } = state.json as { rows: { params: Record<string, unknown>; person: string | null }[] };
  expect(rows.filter((row) => row.params.screen_name === handle).map((row) => row.person)).toEqual(['alice']);
});

test('sign-in goes back to `next`; Sign out leaves; a session gone mid-page sends the next /api call to sign in', async ({
  browser,
}) => {
  const page = await personPage(browser);
  const signIn = async () => {
    await page.getByLabel('Name').fill('admin');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };
  await page.goto(`${ORIGIN}/sign-in?next=%2Fcredits`);
  await signIn();
  await expect(page).toHaveURL(`${ORIGIN}/credits`);

  await page.getByTestId('who-is-signed-in').click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(`${ORIGIN}/sign-in`);
  expect((await page.context().cookies()).filter((cookie) => cookie.name === 'creditscope_sid')).toHaveLength(0);

  await signIn();
  await expect(page).toHaveURL(`${ORIGIN}/`);
  await page.context().clearCookies();
  // A move inside the app: no new document, only the History page's /api call, now without a session.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(`${ORIGIN}/sign-in?next=%2Fhistory`);
});

/** Hostile `next` values (as the link carries them, decoded): each tries to send the browser to another origin. */
const PHISH = `127.0.0.2:${PORT}/phish.html`;
const HOSTILE_NEXT = [
  `/\t/${PHISH}`,
  `/\n/${PHISH}`,
  `/\r/${PHISH}`,
  `/\t\t/${PHISH}`,
  `\t//${PHISH}`,
  ` //${PHISH}`,
  `//${PHISH}`,
  `///${PHISH}`,
  `/\\${PHISH}`,
  `\\\\${PHISH}`,
  `/\\/${PHISH}`,
  `\\/${PHISH}`,
  `/%2F${PHISH}`,
  `/%2f${PHISH}`,
  `%2F%2F${PHISH}`,
  `/%5C${PHISH}`,
  `/%09/${PHISH}`,
  `/%0A/${PHISH}`,
  `/%252F%252F${PHISH}`,
  `/.//${PHISH}`,
  `/..//${PHISH}`,
  `/./\t/${PHISH}`,
  `http://${PHISH}`,
  `https:${PHISH}`,
  `http:/${PHISH}`,
  `javascript:location='http://${PHISH}'`,
  `JaVaScRiPt:location='http://${PHISH}'`,
  `data:text/html,<script>location='http://${PHISH}'</script>`,
  `\u0000//${PHISH}`,
  `／／${PHISH}`,
];

test(`every one of ${HOSTILE_NEXT.length} hostile \`next\` values lands on this site after a real sign-in`, async ({
  browser,
}) => {
  // 30 real sign-ins, each a production scrypt: a few seconds apiece on a busy 2-core machine.
  test.setTimeout(180_000);
  const page = await personPage(browser);
  const landed: Record<string, string> = {};
  for (const next of HOSTILE_NEXT) {
    await page.goto(`${ORIGIN}/sign-in?next=${encodeURIComponent(next)}`);
    await page.getByLabel('Name').fill('admin');
    await page.getByLabel('Password').fill(PASSWORD);
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/_auth/sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Signed in for real each time (a refusal would leave the page where it is, proving nothing).
    expect((await answered).status(), JSON.stringify(next)).toBe(200);
    // The router may re-spell the sign-in address itself: only leaving /sign-in is the redirect.
    await page.waitForURL((url) => url.pathname !== '/sign-in');
    landed[next] = page.url();
  }
  const offSite = Object.entries(landed).filter(([, url]) => !url.startsWith(`${ORIGIN}/`));
  expect(offSite).toEqual([]);
});
