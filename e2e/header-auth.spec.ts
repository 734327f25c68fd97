import fs from 'node:fs';
import { expect, test } from './support/test.ts';
import { startInstance } from './support/instances.ts';
import { NGINX, startNginx } from './support/nginx.ts';
import { errorKind, hostRequest } from './support/people.ts';
import { E2E } from './support/ports.ts';
import { alias, standin } from './support/standin.ts';

/**
 * #28's header mode behind a real nginx (Debian's package): nginx's `auth_basic` signs carol in and names her in
 * X-Forwarded-User; the app believes that header only from nginx's own address (127.0.0.2, its `proxy_bind`), so
 * the same request straight to the app, from 127.0.0.1 and with the header forged, is 401 and spends nothing.
 */
const USER = 'carol';
const PASSWORD = 'a long basic-auth secret';
const NGINX_ADDRESS = '127.0.0.2';
const upstream = standin(E2E.upstreamStandin);
const basic = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;

test.describe.configure({ mode: 'serial' });
test.skip(!fs.existsSync(NGINX), `needs Debian's nginx at ${NGINX} (apt-get install nginx-light)`);

let app: Awaited<ReturnType<typeof startInstance>>;
let proxy: Awaited<ReturnType<typeof startNginx>>;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  app = await startInstance(
    E2E.headerApp,
    {
      API_BASE_URL: `http://127.0.0.1:${E2E.upstreamStandin}`,
      API_TOKEN: E2E.token,
      CREDITSCOPE_AUTH: 'header',
      CREDITSCOPE_TRUSTED_PROXIES: NGINX_ADDRESS,
      // This team lets a name nginx signs in for the first time spend (the default, viewer, would not).
      CREDITSCOPE_HEADER_NEWCOMERS: 'member',
      CREDITSCOPE_DATA_DIR: `${process.env.CREDITSCOPE_E2E_DIR}/header-auth`,
    },
    // Its pages too are 401 to anyone nginx did not send.
    (status) => status === 401,
  );
  proxy = await startNginx({
    port: E2E.headerNginx,
    appPort: E2E.headerApp,
    bindAddress: NGINX_ADDRESS,
    user: USER,
    password: PASSWORD,
  });
});

test.afterAll(async () => {
  await proxy?.stop();
  await app?.stop();
});

const ORIGIN = `http://127.0.0.1:${E2E.headerNginx}`;
const timelinePath = (handle: string) => `/api/v1/social/microblog/posts?screen_name=${handle}`;

/** Who bought each of this timeline's ledger rows, as carol reads the ledger through nginx. */
async function buyers(handle: string): Promise<(string | null)[]> {
  const state = await hostRequest(E2E.headerNginx, '127.0.0.1', '/api/_session', { headers: { authorization: basic } });
  const rows = (state.json as { rows: { params: Record<string, unknown>; person: string | null }[] }).rows;
  return rows.filter((row) => row.params.screen_name === handle).map((row) => row.person);
}

test('straight to the server a request is 401 even with the header forged; through nginx it is carol’s', async () => {
  const handle = alias('ada', 'headerscript');

  const direct = await hostRequest(E2E.headerApp, '127.0.0.1', timelinePath(handle), {
    headers: { 'x-forwarded-user': USER },
  });
  expect(direct.status).toBe(401);
  expect(errorKind(direct)).toBe('sign-in-required');
  expect((await hostRequest(E2E.headerApp, '127.0.0.1', '/api/_session')).status).toBe(401);
  expect((await fetch(`http://127.0.0.1:${E2E.headerApp}/timeline?screen_name=${handle}`)).status).toBe(401);
  expect((await hostRequest(E2E.headerNginx, '127.0.0.1', timelinePath(handle))).status).toBe(401);
  expect(await upstream.log(handle)).toHaveLength(0);

  const viaNginx = await hostRequest(E2E.headerNginx, '127.0.0.1', timelinePath(handle), {
    headers: { authorization: basic },
  });
  expect(viaNginx.status).toBe(200);
  expect(await upstream.log(handle)).toHaveLength(1);
  expect(await buyers(handle)).toEqual([USER]);
});

test('carol, signed in by nginx, sees her name in the header and on what her browser buys', async ({ browser }) => {
  const handle = alias('ada', 'headerbrowser');
  const context = await browser.newContext({ httpCredentials: { username: USER, password: PASSWORD } });
  await context.addInitScript(() => window.localStorage.setItem('creditscope-timeline-autoload', 'off'));
  try {
    const page = await context.newPage();
    await page.goto(`${ORIGIN}/timeline?screen_name=${handle}`);
    await expect(page.locator('article').first()).toBeVisible();
    await expect(page.getByTestId('who-is-signed-in')).toContainText(`${USER}· member`);
    await page
      .getByTestId('paging-footer')
      .getByRole('button', { name: /Load more/ })
      .click();
    await expect(page.getByTestId('spend-line')).toContainText('from 2 pages');
    expect(await upstream.log(handle)).toHaveLength(2);
    // The page the browser bought itself (the second) is carol's.
    expect(await buyers(handle)).toContain(USER);

    await page.goto(`${ORIGIN}/credits?by=person&period=all`);
    await expect(page.getByTestId('spend-table').locator(`tr[data-group="${USER}"]`)).toBeVisible();
  } finally {
    await context.close();
  }
});

// The first page of a typed address is bought by the server while it renders (server/http/render.ts): hers too.
test('a page the server renders and buys for carol is hers on the ledger', async ({ browser }) => {
  const handle = alias('ada', 'headerrendered');
  const context = await browser.newContext({ httpCredentials: { username: USER, password: PASSWORD } });
  try {
    const page = await context.newPage();
    await page.goto(`${ORIGIN}/timeline?screen_name=${handle}`);
    await expect(page.locator('article').first()).toBeVisible();
    expect(await upstream.log(handle)).toHaveLength(1);
    expect(await buyers(handle)).toEqual([USER]);
  } finally {
    await context.close();
  }
});
