import { expect, test } from './support/test.ts';
import { createTestDatabase } from '../server/testing/postgres.ts';
import { startInstance } from './support/instances.ts';
import { E2E } from './support/ports.ts';
import { alias, standin } from './support/standin.ts';
import { serverAnswered } from './support/rendering.ts';
import { HEADER } from '../src/contract/headers.ts';

/**
 * Two app instances, two browsers, one PostgreSQL: what a team behind a load balancer gets. Spend is
 * proven with the upstream's own log, never with what either instance believes.
 */
const upstream = standin(E2E.upstreamStandin);
const HEADERS = { [HEADER.client]: '1' };
let instances: Awaited<ReturnType<typeof startInstance>>[] = [];
let database: Awaited<ReturnType<typeof createTestDatabase>>;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  database = await createTestDatabase(process.env.E2E_DATABASE_URL!);
  const env = {
    API_BASE_URL: `http://127.0.0.1:${E2E.upstreamStandin}`,
    API_TOKEN: E2E.token,
    DATABASE_URL: database.url,
    CREDIT_LIMIT: '2',
    CREDITSCOPE_DATA_DIR: `${process.env.CREDITSCOPE_E2E_DIR}/shared-store`,
  };
  instances = [await startInstance(E2E.sharedStoreA, env), await startInstance(E2E.sharedStoreB, env)];
});

test.afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  await database?.drop();
});

test('a page bought through one instance opens free in another browser through the other', async ({ browser }) => {
  const [first, second] = instances;
  const handle = alias('ada', 'twoinstances');
  const alice = await browser.newContext();
  const bob = await browser.newContext();
  try {
    const alicePage = await alice.newPage();
    await alicePage.goto(`${first!.origin}/timeline?screen_name=${handle}`);
    await expect(alicePage.locator('article').first()).toBeVisible();
    await expect.poll(async () => (await upstream.log(handle)).length).toBe(1);

    const bobPage = await bob.newPage();
    const sources: (string | undefined)[] = [];
    bobPage.on('response', (response) => {
      if (response.url().includes(`/api/v1/social/microblog/posts?screen_name=${handle}`))
        sources.push(response.headers()[HEADER.source]);
    });
    await bobPage.goto(`${second!.origin}/timeline?screen_name=${handle}`);
    await expect(bobPage.locator('article').first()).toBeVisible();
    await expect(bobPage.getByTestId('spend-line').getByTestId('archive-badge')).toBeVisible();
    // Rendered by the server from the shared archive, or (the SPA) the browser's own request answered from it.
    expect(sources).toEqual((await serverAnswered(bobPage)) ? [] : ['archive']);
    expect(await upstream.log(handle)).toHaveLength(1);

    // Both instances read one ledger: the same totals, whoever asks.
    const totals = await Promise.all(
      instances.map(
        async (instance) =>
          (
            (await (await fetch(`${instance.origin}/api/_session`, { headers: HEADERS })).json()) as {
              budget: { spentInPeriod: string };
            }
          ).budget.spentInPeriod,
      ),
    );
    expect(totals[0]).toBe(totals[1]);
  } finally {
    await alice.close();
    await bob.close();
  }
});

test('one budget for both: asked alternately and at once, together they stop at the operator limit', async () => {
  const handle = alias('grace', 'sharedbudget');
  // Distinct pages, ten at a time through both instances, until both refuse.
  const statuses: number[] = [];
  for (let round = 0; round < 5 && !statuses.includes(402); round++) {
    statuses.push(
      ...(await Promise.all(
        Array.from({ length: 10 }, async (_, index) => {
          const instance = instances[index % 2]!;
          return (
            await fetch(`${instance.origin}/api/v1/social/microblog/posts?screen_name=${handle}${round}x${index}`, {
              headers: HEADERS,
            })
          ).status;
        }),
      )),
    );
  }
  expect(statuses).toContain(402);
  const spent = (
    (await (await fetch(`${instances[0]!.origin}/api/_session`, { headers: HEADERS })).json()) as {
      budget: { spentInPeriod: string; operatorLimit: string };
    }
  ).budget;
  const calls = (await upstream.log(handle)).length;
  // The first test's purchase counts too: in all, at most the limit plus one call's price (0.1).
  expect(Number(spent.spentInPeriod)).toBeLessThanOrEqual(2.1);
  expect(calls).toBeLessThanOrEqual(20);
  expect(Number(spent.spentInPeriod)).toBeCloseTo(0.1 * (calls + 1), 6);
});
