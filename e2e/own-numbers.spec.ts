import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { startInstance } from './support/instances.ts';
import { userCli, welcomeLink } from './support/people.ts';
import { E2E } from './support/ports.ts';
import { hydrated } from './support/rendering.ts';
import { alias, standin } from './support/standin.ts';

/**
 * #33 parts 1 and 2, in Chromium against the production server in `accounts` mode under a host name of its own:
 * each person's meter, Credits headline, session limit and pace are their own; the team's spend is shown apart,
 * labelled as the team's. Spend is proven with the stand-in's log.
 */
const HOST = 'own-numbers.test';
const PORT = E2E.ownNumbersApp;
const ORIGIN = `http://${HOST}:${PORT}`;
const PASSWORD = 'correct horse battery staple';
const upstream = standin(E2E.upstreamStandin);
const env = {
  API_BASE_URL: `http://127.0.0.1:${E2E.upstreamStandin}`,
  API_TOKEN: E2E.token,
  CREDITSCOPE_AUTH: 'accounts',
  ALLOWED_HOSTS: HOST,
  CREDITSCOPE_PUBLIC_URL: ORIGIN,
  CREDITSCOPE_DATA_DIR: `${process.env.CREDITSCOPE_E2E_DIR}/own-numbers-${Date.now()}`,
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
const contexts: BrowserContext[] = [];
const pages: Record<string, Page> = {};
const aliceHandle = alias('ada', 'ownnumbersalice');
const bobHandle = alias('ada', 'ownnumbersbob');

test.beforeAll(async () => {
  test.setTimeout(90_000);
  app = await startInstance(PORT, env);
});

test.afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await app?.stop();
});

/** A browser of the person's own (auto-load off: every page bought is a click), signed in by their welcome link. */
async function signedIn(browser: Browser, name: string, link: string): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  await context.addInitScript(() => window.localStorage.setItem('creditscope-timeline-autoload', 'off'));
  const page = await context.newPage();
  await page.goto(link);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('The same password again').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(page.getByTestId('who-is-signed-in')).toContainText(name);
  return page;
}

async function loadMore(page: Page) {
  const button = page.getByTestId('paging-footer').getByRole('button', { name: /Load more/ });
  await expect(button).toBeEnabled();
  await button.click();
}

/** Every "N credits/h" the meter and the Credits page show, as numbers. */
async function ratesShown(page: Page): Promise<number[]> {
  const text = `${await page.getByTestId('credit-meter').innerText()} ${await page.getByTestId('credits-pace').innerText()}`;
  return [...text.matchAll(/([\d.]+) credits?(?:\/h| per hour)/g)].map((match) => Number(match[1]));
}

test('alice buys 3 pages; bob, a member who spent nothing, sees 0 as his and the team’s 0.3 as the team’s', async ({
  browser,
}) => {
  const alice = welcomeLink(await userCli(['add', 'alice', '--role', 'member'], env));
  const bob = welcomeLink(await userCli(['add', 'bob', '--role', 'member', '--limit', '0.5', '--period', 'day'], env));
  pages.alice = await signedIn(browser, 'alice', alice);
  await pages.alice.goto(`${ORIGIN}/timeline?screen_name=${aliceHandle}`);
  await expect(pages.alice.locator('article').first()).toBeVisible();
  await loadMore(pages.alice);
  await expect(pages.alice.getByTestId('spend-line')).toContainText('from 2 pages');
  await loadMore(pages.alice);
  await expect(pages.alice.getByTestId('spend-line')).toContainText('from 3 pages');
  expect(await upstream.log(aliceHandle)).toHaveLength(3);
  await expect(pages.alice.getByTestId('meter-total')).toHaveText('0.3');

  pages.bob = await signedIn(browser, 'bob', bob);
  await pages.bob.goto(`${ORIGIN}/credits`);
  const meter = pages.bob.getByTestId('credit-meter');
  await expect(meter.getByTestId('meter-total')).toHaveText('0');
  await expect(meter.getByTestId('meter-calls')).toHaveText('0 calls');
  await expect(meter.getByTestId('meter-budget')).toHaveText('0.5 of 0.5 left');
  await expect(pages.bob.getByTestId('credits-total')).toHaveText('0');
  await expect(pages.bob.getByTestId('credits-calls')).toHaveText('0');
  // No pace and no forecast: bob is spending nothing.
  await expect(meter.getByTestId('meter-pace')).toHaveCount(0);
  await expect(meter.getByTestId('meter-forecast')).toHaveCount(0);
  await expect(pages.bob.getByTestId('credits-pace')).not.toHaveAttribute('data-forecast');
  await expect(pages.bob.getByTestId('credits-pace')).toContainText('Nothing spent since the session started');
  // The team's spend is there, and said to be the team's.
  await expect(pages.bob.getByTestId('team-spend')).toContainText("Team's spend in total: 0.3 credits on 3 paid calls");
  await expect(pages.bob.getByTestId('team-spend-total')).toHaveText('0.3 credits');
});

test('bob sets his own session limit to 0: bob is stopped, alice still buys', async () => {
  const bob = pages.bob!;
  await bob.getByLabel('Your limit (credits)').fill('0');
  await bob.getByRole('button', { name: 'Set limit' }).click();
  await expect(bob.getByTestId('personal-limit')).toContainText('Your limit for this session: 0 credits');
  await expect(bob.getByTestId('credit-meter')).toHaveAttribute('data-reached-by', 'personal');

  const alice = pages.alice!;
  await alice.goto(`${ORIGIN}/credits`);
  await expect(alice.getByTestId('personal-limit')).toContainText('Your limit for this session: none');
  await expect(alice.getByTestId('credit-meter')).not.toHaveAttribute('data-budget-reached', 'true');
  await alice.goto(`${ORIGIN}/timeline?screen_name=${aliceHandle}`);
  // The server renders her first page; her browser's copy of all three comes back once React runs it. A click
  // before that was meant for the page after the first (it is held and replayed: her page 2, already bought).
  await hydrated(alice);
  await expect(alice.getByTestId('spend-line')).toContainText('from 3 pages');
  await loadMore(alice);
  await expect(alice.getByTestId('spend-line')).toContainText('from 4 pages');
  expect(await upstream.log(aliceHandle)).toHaveLength(4);
});

test('after one 0.1-credit call bob’s meter shows no pace (none above 0.4 credits/h) and no forecast', async () => {
  const bob = pages.bob!;
  await bob.getByRole('button', { name: 'Clear my limit' }).click();
  await expect(bob.getByTestId('personal-limit')).toContainText('Your limit for this session: none');
  await bob.goto(`${ORIGIN}/timeline?screen_name=${bobHandle}`);
  await expect(bob.locator('article').first()).toBeVisible();
  await expect(bob.getByTestId('spend-line')).toContainText('0.1 credits in all: 1 bought now');
  expect(await upstream.log(bobHandle)).toHaveLength(1);

  await bob.goto(`${ORIGIN}/credits`);
  await expect(bob.getByTestId('credits-total')).toHaveText('0.1');
  await expect(bob.getByTestId('credit-meter').getByTestId('meter-total')).toHaveText('0.1');
  await expect(bob.getByTestId('credits-pace')).toContainText('No rate yet: 1 paid call in the last 15 minutes');
  await expect(bob.getByTestId('credit-meter').getByTestId('meter-pace')).toHaveCount(0);
  await expect(bob.getByTestId('credit-meter').getByTestId('meter-forecast')).toHaveCount(0);
  await expect(bob.getByTestId('credits-pace')).not.toHaveAttribute('data-forecast');
  expect((await ratesShown(bob)).filter((rate) => rate > 0.4)).toEqual([]);
  expect(await bob.getByTestId('credits-pace').innerText()).not.toMatch(/limit is reached at/);
  // The team's spend: alice's 4 pages and bob's 1.
  await expect(bob.getByTestId('team-spend-total')).toHaveText('0.5 credits');
});

test('bob’s alert on today’s spend fires at his own limit, and his Credits page says it fired', async () => {
  const bob = pages.bob!;
  await bob.goto(`${ORIGIN}/credits`);
  const alerts = bob.getByRole('region', { name: 'Spend alerts' });
  // His 0.1 today is 20 % of his own 0.5 a day: crossed as soon as it is set.
  await alerts.getByRole('combobox', { name: 'Tell me when' }).selectOption('today');
  await alerts.getByRole('textbox', { name: 'Percent' }).fill('20');
  await alerts.getByRole('button', { name: 'Add alert' }).click();
  await expect(alerts.getByTestId('spend-alert')).toContainText('When today');
  // The next read of the session finds it crossed: the page's own, on a reload (else the meter's, within 15 s).
  await bob.reload();
  await expect(bob.getByTestId('spend-alert-notice')).toContainText('0.1 of 0.5 credits');
  await expect(bob.getByRole('region', { name: 'Spend alerts' }).getByTestId('spend-alert')).toContainText('Fired');
});
