import fs from 'node:fs';
import Fastify from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installApiRules } from '../proxy/api-rules.ts';
import { startProxyAgainstStandin, waitFor, type ProxyHarness } from '../testing/harness.ts';
import { signedInApi } from '../testing/people.ts';
import { control, jobOf, learnPrices, settledJob, startJob } from '../testing/jobs.ts';
import { addWatch } from '../testing/watches.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import type { StoreKind } from '../store/open.ts';
import { ACCESS, type AccessRule } from './access.ts';
import { accessTableMarkdown } from './access-table.ts';
import { PeopleAdmin } from './admin.ts';
import type { Role } from './auth-config.ts';

// Hashing at a test's cost (read only under Vitest); a production server always hashes at N=2^17.
beforeAll(() => {
  process.env.CREDITSCOPE_TEST_SCRYPT_LOG_N = '10';
});

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const timeline = (handle: string) => `/api/v1/social/microblog/posts?screen_name=${handle}`;

async function accountsServer(store: StoreKind = 'sqlite') {
  const harness = await startProxyAgainstStandin({ CREDITSCOPE_AUTH: 'accounts' }, { store });
  cleanup.push(() => harness.close());
  return harness;
}

type Api = ProxyHarness['api'];

/** The API as a script with `name`'s key calls it: `Authorization` and nothing of the app's own. */
async function keyOf(harness: ProxyHarness, name: string): Promise<Api> {
  const key = await new PeopleAdmin(harness.identity, 'cli').key(name, 'script');
  return (pathname, init = {}) =>
    fetch(`${harness.origin}${pathname}`, {
      ...init,
      headers: {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.headers as Record<string, string>),
        authorization: `Bearer ${key}`,
      },
    });
}

const json = async <T>(response: Response | Promise<Response>) => (await (await response).json()) as T;

describe('who may do what: the one table, on every route (#38)', () => {
  it('refuses to start a route without an entry in the table', async () => {
    const app = Fastify();
    const start = async () => {
      await app.register(
        async (api) => {
          installApiRules(api, []);
          api.get('/_new-thing', async () => 'nobody said who may');
        },
        { prefix: '/api' },
      );
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/GET \/api\/_new-thing has no access entry/);
    await app.close();
  });

  it(
    'answers every registered /api route as the table says, for each role, a key of each, and nobody',
    { timeout: 120_000 },
    async () => {
      const harness = await accountsServer();
      const root = await signedInApi(harness, 'root', 'admin');
      const alice = await signedInApi(harness, 'alice', 'member');
      const bob = await signedInApi(harness, 'bob', 'member');
      const vic = await signedInApi(harness, 'vic', 'viewer');
      // The objects someone owns, all alice's: a call, a job, a key; and an alert for the team.
      await learnPrices(alice);
      expect((await alice(timeline('ada__walk'))).status).toBe(200);
      const { job } = await startJob(alice, { handles: ['grace__walk'], timeline: { pages: 1 } });
      await settledJob(alice, job.id);
      const calls = await json<{ rows: { id: string; person: string }[] }>(alice('/api/_session/calls'));
      const call = calls.rows.find((row) => row.person === 'alice')!.id;
      await new PeopleAdmin(harness.identity, 'cli').key('alice', 'target');
      const aliceKeys = await json<{ keys: { id: string; label: string }[] }>(alice('/api/_auth/keys'));
      const key = aliceKeys.keys.find((entry) => entry.label === 'target')!.id;
      const alert = (
        await json<{ alerts: { id: string }[] }>(
          alice('/api/_spend/alerts', { method: 'POST', body: JSON.stringify({ kind: 'session', threshold: '50' }) }),
        )
      ).alerts[0]!.id;
      const watch = await addWatch(alice, {
        kind: 'timeline',
        target: { screen_name: 'grace__walk' },
        schedule: { every: '6h' },
        cap: { credits: '1', per: 'day' },
      });
      const ids: Record<string, string> = {
        '/api/_watches/': watch.id,
        '/api/_jobs/': job.id,
        '/api/_session/calls/': call,
        '/api/_auth/keys/': key,
        '/api/_spend/alerts/': alert,
      };
      // What another person must never be shown by a list of their own.
      const hers = [job.id, call, key, watch.id];

      const askers: { who: string; role: Role | null; byKey: boolean; isAlice: boolean; api: Api }[] = [
        { who: 'nobody', role: null, byKey: false, isAlice: false, api: harness.api },
        { who: 'vic (viewer)', role: 'viewer', byKey: false, isAlice: false, api: vic },
        { who: "vic's key", role: 'viewer', byKey: true, isAlice: false, api: await keyOf(harness, 'vic') },
        { who: 'bob (member)', role: 'member', byKey: false, isAlice: false, api: bob },
        { who: "bob's key", role: 'member', byKey: true, isAlice: false, api: await keyOf(harness, 'bob') },
        { who: "alice's key", role: 'member', byKey: true, isAlice: true, api: await keyOf(harness, 'alice') },
        { who: 'alice (member, the owner)', role: 'member', byKey: false, isAlice: true, api: alice },
        { who: "root's key", role: 'admin', byKey: true, isAlice: false, api: await keyOf(harness, 'root') },
        { who: 'root (admin)', role: 'admin', byKey: false, isAlice: false, api: root },
      ];
      // One method of each route (the methods a route takes share its action), one fetch can send; reads first, so
      // a change one asker makes (a new session, a cancel) cannot hide what another would be shown.
      const sendable = harness.access.filter((route) => !['TRACE', 'TRACK', 'CONNECT'].includes(route.method));
      const routes = [...new Map(sendable.map((route) => [`${route.url} ${route.access}`, route])).values()].sort(
        (a, b) => Number(b.method === 'GET') - Number(a.method === 'GET'),
      );
      expect(routes.length).toBeGreaterThan(50);
      const misses: string[] = [];
      for (const route of routes) {
        const prefix = Object.keys(ids).find((start) => route.url.startsWith(`${start}:id`));
        const pathname = route.url.replace(':id', prefix ? ids[prefix]! : 'walk').replace('*', 'walk');
        const query = route.url === '/api/_spend' ? '?by=job' : '';
        const rule: AccessRule = ACCESS[route.access];
        for (const asker of askers) {
          // A body no route takes ({"walk":true} fails every schema): nothing is signed out, bought or made.
          const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
          const response = await asker.api(`${pathname}${query}`, {
            method: route.method,
            ...(hasBody ? { body: JSON.stringify({ walk: true }) } : {}),
          });
          const text = await response.text();
          const grant = asker.role ? rule[asker.role] : null;
          const expected =
            asker.role === null
              ? rule.signedIn
                ? '401'
                : 'allowed'
              : asker.byKey && rule.key === 'session only'
                ? '403'
                : grant === 'no'
                  ? '403'
                  : grant === 'own' && prefix && !asker.isAlice
                    ? '404'
                    : 'allowed';
          const got = [401, 403, 404].includes(response.status) ? String(response.status) : 'allowed';
          const fits = expected === got || (expected === 'allowed' && got === '404' && !(grant === 'own' && prefix));
          // A 404 names the id it was asked for; any other answer to someone else must not show hers.
          const leaks =
            grant === 'own' && !asker.isAlice && response.status !== 404 && hers.some((id) => text.includes(id));
          if (!fits || leaks)
            misses.push(
              `${route.method} ${route.url} (${route.access}) as ${asker.who}: expected ${expected}, got ${response.status}${leaks ? ", and alice's ids in the answer" : ''}`,
            );
        }
      }
      expect(misses).toEqual([]);
      // The stand-in saw only what alice bought to make her objects: the walk bought nothing.
      expect(await harness.upstreamLog()).toHaveLength(4);

      // docs/architecture.md shows this very table, written from the code's and the routes the server registered
      // (UPDATE_ACCESS_TABLE=1 writes it there).
      const docsFile = new URL('../../docs/architecture.md', import.meta.url);
      const docs = fs.readFileSync(docsFile, 'utf8');
      const markers = /(<!-- access-table -->\n)([\s\S]*?)(\n<!-- \/access-table -->)/;
      const generated = accessTableMarkdown(harness.access);
      const written = process.env.UPDATE_ACCESS_TABLE
        ? docs.replace(markers, (_all, open: string, _old, close: string) => open + generated + close)
        : docs;
      if (written !== docs) fs.writeFileSync(docsFile, written);
      expect(markers.exec(written)?.[2], "docs/architecture.md's table, between its access-table markers").toBe(
        generated,
      );
    },
  );
});

describe.each(STORE_KINDS)("a person's jobs and calls are theirs (#38, %s store)", (store: StoreKind) => {
  it("keeps alice's running job and her call from bob: 404 to read, export, pause, resume or cancel; an admin may", async () => {
    const harness = await accountsServer(store);
    const alice = await signedInApi(harness, 'alice', 'member');
    const bob = await signedInApi(harness, 'bob', 'member');
    const vic = await signedInApi(harness, 'vic', 'viewer');
    const root = await signedInApi(harness, 'root', 'admin');
    await learnPrices(alice);
    const calls = await json<{ rows: { id: string }[] }>(alice('/api/_session/calls'));
    const call = calls.rows[0]!.id;
    await harness.fault({ match: '__own', latencyMs: 300 });
    const { job } = await startJob(alice, {
      handles: ['ada__own', 'grace__own'],
      timeline: { pages: 3 },
      concurrency: 1,
    });
    await settledJob(alice, job.id, (summary) => summary.pagesDone >= 1);

    for (const path of ['', '/export.csv', '/export.ndjson'])
      expect((await bob(`/api/_jobs/${job.id}${path}`)).status, path).toBe(404);
    for (const action of ['pause', 'resume', 'cancel'] as const) {
      const refused = await control(bob, job.id, action);
      expect(refused.status, action).toBe(404);
      expect(await refused.json()).toMatchObject({ error: { kind: 'not_found', message: `No job ${job.id}` } });
      expect((await control(vic, job.id, action)).status, action).toBe(403);
    }
    expect((await json<{ jobs: unknown[] }>(bob('/api/_jobs'))).jobs).toEqual([]);
    // Untouched by them: still running, and still buying.
    const asked = (await harness.upstreamLog('__own')).length;
    expect((await jobOf(alice, job.id)).job.status).toBe('running');
    await waitFor(
      async () => (await harness.upstreamLog('__own')).length,
      (count) => count > asked,
      10_000,
    );

    // Her call: 404 to bob and to a viewer, like a call that does not exist; hers and an admin's to open.
    for (const other of [bob, vic]) {
      const hidden = await other(`/api/_session/calls/${call}`);
      expect(hidden.status).toBe(404);
      expect(await hidden.json()).toMatchObject({ error: { message: 'No such call in the ledger' } });
    }
    expect((await alice(`/api/_session/calls/${call}`)).status).toBe(200);
    expect((await root(`/api/_session/calls/${call}`)).status).toBe(200);

    // The admin reads and controls anyone's job; alice her own.
    expect((await root(`/api/_jobs/${job.id}`)).status).toBe(200);
    expect((await control(alice, job.id, 'pause')).status).toBe(200);
    expect((await control(root, job.id, 'resume')).status).toBe(200);
    const cancelled = await control(root, job.id, 'cancel');
    expect(await cancelled.json()).toMatchObject({ job: { status: 'cancelled', person: 'alice' } });
  });

  it("spends a resumed job under its creator's limit, and stops a removed creator's job: nothing more bought", async () => {
    const harness = await accountsServer(store);
    const root = await signedInApi(harness, 'root', 'admin');
    const bob = await signedInApi(harness, 'bob', 'member', { credits: '0.3', period: 'total' });
    const carol = await signedInApi(harness, 'carol', 'member');
    await learnPrices(root);
    await harness.fault({ match: '__res', latencyMs: 300 });
    await harness.fault({ match: '__gone', latencyMs: 300 });

    // Bob's job, paused by him and resumed by the admin: it buys as bob, and stops at bob's limit, not root's.
    const { job } = await startJob(bob, {
      handles: ['ada__res', 'grace__res'],
      timeline: { pages: 3 },
      concurrency: 1,
    });
    await settledJob(bob, job.id, (summary) => summary.pagesDone >= 1);
    expect((await control(bob, job.id, 'pause')).status).toBe(200);
    expect((await control(root, job.id, 'resume')).status).toBe(200);
    const stopped = await settledJob(root, job.id);
    expect(stopped.job).toMatchObject({ status: 'stopped', stopReason: 'limit', spent: '0.3', person: 'bob' });
    expect(await harness.upstreamLog('__res')).toHaveLength(3);
    // Bob's own session holds them (#33: each person's session is theirs, whoever resumed the job).
    const rows = await json<{ rows: { person: string; params: { screen_name?: string } }[] }>(
      bob('/api/_session/calls'),
    );
    const jobRows = rows.rows.filter((row) => row.params.screen_name?.endsWith('__res'));
    expect(jobRows.map((row) => row.person)).toEqual(['bob', 'bob', 'bob']);

    // Carol's job, running when an admin removes her: it stops, says why, and nobody can resume it.
    const second = await startJob(carol, {
      handles: ['ada__gone', 'grace__gone'],
      timeline: { pages: 3 },
      concurrency: 1,
    });
    await settledJob(carol, second.job.id, (summary) => summary.pagesDone >= 1);
    await new PeopleAdmin(harness.identity, 'cli').remove('carol');
    const ended = await settledJob(root, second.job.id, (summary) => summary.status !== 'running');
    expect(ended.job).toMatchObject({ status: 'stopped', stopReason: 'creator-removed' });
    expect(ended.job.stopMessage).toMatch(/^Stopped: carol, who started this job, was removed/);
    // At most the page in flight when she was removed lands; then nothing more, even when an admin resumes it.
    // Counted once the process running it has let it go (it checks the job before each page, so one page may
    // still start after the removal) and nothing it sent is pending.
    const { kysely } = harness.identity.db;
    await waitFor(
      async () => ({
        runner: (await kysely.selectFrom('jobs').select('owner').where('id', '=', second.job.id).executeTakeFirst())
          ?.owner,
        pending: (await kysely.selectFrom('purchases').select('state').where('state', '=', 'pending').execute()).length,
      }),
      ({ runner, pending }) => runner === null && pending === 0,
    );
    const bought = (await harness.upstreamLog('__gone')).length;
    const resumed = await control(root, second.job.id, 'resume');
    expect(resumed.status).toBe(409);
    expect(await resumed.json()).toMatchObject({
      error: { message: expect.stringMatching(/carol, who started it, was removed/) },
    });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await harness.upstreamLog('__gone')).toHaveLength(bought);
    expect(bought).toBeLessThanOrEqual(2);
  });

  it('stops a job whose creator is made a viewer while it runs: the journal reads their role now', async () => {
    const harness = await accountsServer(store);
    const root = await signedInApi(harness, 'root', 'admin');
    const dave = await signedInApi(harness, 'dave', 'member');
    await learnPrices(root);
    await harness.fault({ match: '__demoted', latencyMs: 300 });
    const { job } = await startJob(dave, {
      handles: ['ada__demoted', 'grace__demoted'],
      timeline: { pages: 3 },
      concurrency: 1,
    });
    await settledJob(dave, job.id, (summary) => summary.pagesDone >= 1);
    await new PeopleAdmin(harness.identity, 'cli').setRole('dave', 'viewer');
    const ended = await settledJob(root, job.id, (summary) => summary.status !== 'running');
    expect(ended.job).toMatchObject({ status: 'stopped', stopReason: 'error', person: 'dave' });
    expect(ended.job.stopMessage).toMatch(/dave is a viewer/);
    // The page in flight when the role changed may land; nothing is bought after it, of the 6 the job planned.
    const bought = (await harness.upstreamLog('__demoted')).length;
    expect(bought).toBeLessThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await harness.upstreamLog('__demoted')).toHaveLength(bought);
  });

  it('sends nothing for a request that waited behind a call of unknown price once its key was revoked', async () => {
    const harness = await accountsServer(store);
    await signedInApi(harness, 'erin', 'member', { credits: '5', period: 'total' });
    const script = await keyOf(harness, 'erin');
    // No price known yet: the first call goes alone under erin's limit, and the second waits for it to settle.
    await harness.fault({ match: '__unpriced', latencyMs: 3000 });
    const first = script(timeline('ada__unpriced'));
    await waitFor(
      () => harness.upstreamLog('__unpriced'),
      (log) => log.length === 1,
    );
    const second = script(timeline('grace__waiting'));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { id } = await harness.identity.db.kysely
      .selectFrom('api_keys')
      .select('id')
      .where('person', '=', 'erin')
      .executeTakeFirstOrThrow();
    expect(await new PeopleAdmin(harness.identity, 'cli').revokeKey(id, null)).toBe(true);
    expect((await first).status).toBe(200);
    const refused = await second;
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: {
        message: expect.stringMatching(/was revoked, or signed out, while it waited for another call to settle/),
      },
    });
    expect(await harness.upstreamLog('__waiting')).toHaveLength(0);
  });
});
