import type { Browser, BrowserContext, Page } from '@playwright/test';
import Sqlite from 'libsql';
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

  // People and the audit log are the People page's now, linked from here and from the navigation (admins only).
  await expect(page.getByTestId('admin-people')).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'People' }).click();
  await expect(page).toHaveURL(`${ORIGIN}/people`);
  const person = page.getByTestId('admin-people').locator('[data-person="alice"]');
  await expect(person.getByRole('combobox', { name: 'alice’s role' })).toHaveValue('member');
  await expect(person).toContainText('0.3 of 0.3 credits today');
  await expect(page.getByTestId('admin-audit').getByTestId('audit-entry')).toContainText([
    'The command line (npm run user) added alice as a member, with a limit of 0.3 credits a day',
  ]);
});

/** The invites' table in the accounts server's SQLite file, as an expired link leaves it (24 hours on). */
function expireInvitesOf(name: string) {
  const database = new Sqlite(`${env.CREDITSCOPE_DATA_DIR}/creditscope.db`);
  try {
    database.exec('PRAGMA busy_timeout = 5000');
    database
      .prepare('UPDATE invites SET expires_at = ? WHERE person = ?')
      .run(new Date(Date.now() - 60_000).toISOString(), name);
  } finally {
    database.close();
  }
}

test('an admin invites dora from the People page; the link shown once signs her in, and then says it was used', async ({
  browser,
}) => {
  // The admin chose a password on her own link already: she signs in with it.
  const page = await personPage(browser);
  await page.goto(`${ORIGIN}/sign-in?next=%2Fpeople`);
  await page.getByLabel('Name').fill('admin');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${ORIGIN}/people`);
  const invite = page.getByTestId('invite-person');
  await invite.getByLabel('Name').fill('dora');
  await invite.getByLabel('Role').selectOption('member');
  await invite.getByLabel('Limit (credits)').fill('0.5');
  await invite.getByLabel('Period').selectOption('day');
  await invite.getByRole('button', { name: 'Invite' }).click();
  const shown = invite.getByTestId('welcome-link');
  await expect(shown).toContainText('dora is invited');
  links.dora = (await shown.locator('code').textContent())!;
  expect(links.dora).toMatch(new RegExp(`^${ORIGIN}/welcome#token=`));
  await expect(page.locator('[data-person="dora"]')).toContainText('welcome link not used yet');
  await expect(page.getByTestId('audit-entry').first()).toContainText(
    'admin added dora as a member, with a limit of 0.5 credits a day',
  );
  // Shown once: gone with Done, and nowhere on the page after a reload.
  await shown.getByRole('button', { name: 'Done' }).click();
  await page.reload();
  await expect(page.locator('[data-person="dora"]')).toBeVisible();
  expect(await page.content()).not.toContain(links.dora.split('#token=')[1]!);

  // The link, opened in dora's own browser: her password, and she lands signed in. No request carries the token in
  // its address (it is in the fragment, and checked in a POST body).
  const dora = await personPage(browser);
  const addresses: string[] = [];
  dora.on('request', (request) => addresses.push(request.url()));
  await welcome(dora, 'dora');
  const token = links.dora.split('#token=')[1]!;
  expect(addresses.filter((address) => address.includes(token))).toEqual([]);

  // The same link again: it says it was used before any form.
  const again = await personPage(browser);
  await again.goto(links.dora);
  await expect(again.getByTestId('welcome-link-unusable')).toHaveAttribute('data-state', 'used');
  await expect(again.getByTestId('welcome-link-unusable')).toContainText('used already');
  await expect(again.getByTestId('welcome-form')).toHaveCount(0);

  // The admin changes her limit and signs her out everywhere: the log says each in words.
  const row = page.locator('[data-person="dora"]');
  await row.getByRole('button', { name: 'Change limit' }).click();
  await row.getByLabel('Limit (credits)').fill('0.2');
  await row.getByLabel('Period').selectOption('month');
  await row.getByRole('button', { name: 'Save limit' }).click();
  await expect(row).toContainText('dora’s limit is now 0.2 credits a month.');
  await row.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(row).toContainText('dora is signed out everywhere');
  await expect(page.getByTestId('audit-entry').first()).toContainText('admin signed dora out everywhere');
  await expect(page.getByTestId('audit-entry').nth(1)).toContainText("admin set dora's limit to 0.2 credits a month");
  await dora.reload();
  await expect(dora).toHaveURL(/\/sign-in/);

  // Her role, a new one-time link in place of her password, and her removal, asked twice.
  await row.getByRole('combobox', { name: 'dora’s role' }).selectOption('viewer');
  await expect(row).toContainText('dora is now a viewer.');
  await row.getByRole('button', { name: 'Reset password' }).click();
  await expect(row.getByTestId('welcome-link')).toContainText('dora’s old password no longer works');
  await row.getByRole('button', { name: 'Remove…' }).click();
  const confirm = row.getByRole('alertdialog', { name: 'Remove dora?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await row.getByRole('button', { name: 'Remove…' }).click();
  await confirm.getByRole('button', { name: 'Yes, remove dora' }).click();
  await expect(row).toHaveCount(0);
});

test('an expired welcome link says so before any form', async ({ browser }) => {
  links.erin = welcomeLink(await userCli(['add', 'erin', '--role', 'viewer'], env));
  expireInvitesOf('erin');
  const page = await personPage(browser);
  await page.goto(links.erin);
  await expect(page.getByTestId('welcome-link-unusable')).toHaveAttribute('data-state', 'expired');
  await expect(page.getByTestId('welcome-link-unusable')).toContainText('has expired');
  await expect(page.getByTestId('welcome-form')).toHaveCount(0);
});

test('the sign-in and welcome pages show no navigation and ask for nothing that needs a session', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) refused.push(new URL(response.url()).pathname);
  });
  for (const address of [`${ORIGIN}/sign-in`, links.erin!]) {
    await page.goto(address);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(asked.filter((pathname) => /^\/api\/_(session|jobs)/.test(pathname))).toEqual([]);
  expect(refused).toEqual([]);
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
  // A move inside the app, no new document: the next /api call finds no session and sends the person to sign in.
  // The History page's call or a header poll the same click set off may come first, so `next` is where they were
  // going or where they were. (Clicked in the page: once a poll has gone to the sign-in page, its link is gone.)
  await page.evaluate(() => document.querySelector<HTMLAnchorElement>('nav a[href="/history"]')?.click());
  await expect(page).toHaveURL(new RegExp(`^${ORIGIN}/sign-in\\?next=%2F(history)?$`));
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
