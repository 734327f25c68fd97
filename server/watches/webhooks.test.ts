import { afterEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  deliveriesAnswer,
  webhookAnswer,
  type Delivery,
  type DeliveryBody,
} from '../../src/contract/watch-webhooks.ts';
import { startProxyAgainstStandin, TEST_TOKEN, waitFor } from '../testing/harness.ts';
import { learnPrices } from '../testing/jobs.ts';
import { signedInPerson } from '../testing/people.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import { addWatch, grow, runWatchNow, setWebhook } from '../testing/watches.ts';
import { signedWith, startWebhookReceiver } from '../testing/webhook-receiver.ts';
import type { StoreKind } from '../store/open.ts';
import { startStandin } from '../standin/server.ts';
import { apiOf, startProxyProcess } from '../testing/store-processes.ts';
import { openRaw, scratchStore } from '../testing/store-reads.ts';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

type Api = (pathname: string, init?: RequestInit) => Promise<Response>;

const putWebhook = (api: Api, pathname: string, body: unknown) =>
  api(pathname, { method: 'PUT', body: JSON.stringify(body) });

async function deliveriesOf(api: Api, watchId: string): Promise<Delivery[]> {
  return v.parse(deliveriesAnswer, await (await api(`/api/_watches/${watchId}/deliveries`)).json()).deliveries;
}

describe.each(STORE_KINDS)('webhooks of watches (#37, %s store)', (store: StoreKind) => {
  it('POSTs each run with new items once, signed; nothing for a run with nothing new; the same delivery again after a 500', async () => {
    const receiver = await startWebhookReceiver();
    cleanup.push(() => receiver.close());
    const harness = await startProxyAgainstStandin(
      {
        CREDITSCOPE_PUBLIC_URL: 'https://creditscope.example.com',
        CREDITSCOPE_WATCH_TICK_MS: '100',
        CREDITSCOPE_WEBHOOK_RETRY_MS: '300,300',
      },
      { store },
    );
    cleanup.push(() => harness.close());
    await learnPrices(harness.api);
    const handle = 'grace__hook';
    const watch = await addWatch(harness.api, {
      kind: 'timeline',
      target: { screen_name: handle },
      schedule: { every: '1h' },
      cap: { credits: '100', per: 'day' },
    });
    const hook = await setWebhook(harness.api, `/api/_watches/${watch.id}/webhook`, receiver.url);
    expect(hook).toMatchObject({ scope: 'watch', url: receiver.url });
    expect(hook.secret).toMatch(/^[0-9a-f]{64}$/);

    // The first run: its page's 20 posts are new.
    const first = await runWatchNow(harness.api, watch);
    expect(first).toMatchObject({ state: 'done', newItems: 20 });
    await waitFor(
      async () => receiver.received.length,
      (count) => count === 1,
    );
    const [post] = receiver.received;
    expect(signedWith(hook.secret, post!)).toBe(true);
    expect(signedWith('another secret', post!)).toBe(false);
    expect(post!.headers['content-type']).toBe('application/json');
    expect(Math.abs(Number(post!.headers['x-creditscope-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    const body = JSON.parse(post!.body) as DeliveryBody;
    expect(body.watch).toEqual({ id: watch.id, name: `@${handle}`, kind: 'timeline' });
    expect(body.run).toMatchObject({ id: first.id, trigger: 'now', newItems: 20 });
    expect(body.items).toHaveLength(20);
    expect(body.items[0]!.link).toBe(`https://creditscope.example.com/timeline?screen_name=${handle}`);
    expect(body.items[0]!.key).toMatch(/^\d+$/);
    expect(body.text.split('\n')[0]).toBe(`@${handle}: 20 new posts`);
    expect(body.text).toContain('…and 10 more');
    // Only the body and its signature: never the upstream token.
    expect(JSON.stringify(post)).not.toContain(TEST_TOKEN);

    // Nothing new: no POST, no delivery (ticks pass meanwhile).
    expect(await runWatchNow(harness.api, watch)).toMatchObject({ state: 'done', newItems: 0 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received).toHaveLength(1);
    expect(await deliveriesOf(harness.api, watch.id)).toHaveLength(1);

    // The receiver answers 500 once: the same delivery (id, body) again after the wait, delivered then.
    receiver.failNext(500);
    await grow(harness.standin.url, handle, 2);
    const third = await runWatchNow(harness.api, watch);
    expect(third).toMatchObject({ state: 'done', newItems: 2 });
    await waitFor(
      async () => receiver.received.length,
      (count) => count === 3,
      10_000,
    );
    const [failed, retried] = receiver.received.slice(1);
    expect(failed!.answered).toBe(500);
    expect(retried!.answered).toBe(200);
    expect(retried!.headers['x-creditscope-delivery']).toBe(failed!.headers['x-creditscope-delivery']);
    expect(retried!.headers['x-creditscope-delivery']).not.toBe(post!.headers['x-creditscope-delivery']);
    expect(retried!.body).toBe(failed!.body);
    expect(signedWith(hook.secret, retried!)).toBe(true);
    expect((JSON.parse(retried!.body) as DeliveryBody).run).toMatchObject({ id: third.id, newItems: 2 });
    // Every delivery on the watch: how many attempts, what the receiver answered.
    const deliveries = await waitFor(
      () => deliveriesOf(harness.api, watch.id),
      (list) => list[0]?.state === 'delivered',
    );
    expect(
      deliveries.map(({ runId, state, attempts, lastStatus, items }) => ({
        runId,
        state,
        attempts,
        lastStatus,
        items,
      })),
    ).toEqual([
      { runId: third.id, state: 'delivered', attempts: 2, lastStatus: 200, items: 2 },
      { runId: first.id, state: 'delivered', attempts: 1, lastStatus: 200, items: 20 },
    ]);
    expect(deliveries[0]!.id).toBe(retried!.headers['x-creditscope-delivery']);

    // The person's own webhook covers this watch too: one more delivery each run; a receiver that keeps failing
    // gets each retry, then the delivery is marked failed with what it said.
    const down = await startWebhookReceiver();
    cleanup.push(() => down.close());
    down.failNext(503, 503, 503);
    const mine = await setWebhook(harness.api, '/api/_watches/webhook', down.url);
    expect(mine.scope).toBe('person');
    expect(mine.secret).not.toBe(hook.secret);
    // Its name is the person's words: in `text` escaped as Slack asks (no channel pinged), as is in `watch.name`.
    const renamed = await harness.api(`/api/_watches/${watch.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ name: 'Grace <!channel> & co' }),
    });
    expect(renamed.status).toBe(200);
    await grow(harness.standin.url, handle, 1);
    const fourth = await runWatchNow(harness.api, watch);
    const settled = await waitFor(
      () => deliveriesOf(harness.api, watch.id),
      (list) => list.filter((one) => one.runId === fourth.id && one.state !== 'pending').length === 2,
      10_000,
    );
    const ofFourth = settled.filter((one) => one.runId === fourth.id);
    expect(ofFourth.find((one) => one.scope === 'watch')).toMatchObject({ state: 'delivered', attempts: 1 });
    expect(ofFourth.find((one) => one.scope === 'person')).toMatchObject({
      state: 'failed',
      attempts: 3,
      lastStatus: 503,
      nextAttemptAt: null,
      lastError: 'answered 503: receiver down',
      url: down.url,
    });
    expect(receiver.received).toHaveLength(4);
    const told = JSON.parse(receiver.received[3]!.body) as DeliveryBody;
    expect(told.text.split('\n')[0]).toBe('Grace &lt;!channel&gt; &amp; co: 1 new post');
    expect(told.watch.name).toBe('Grace <!channel> & co');
    expect(down.received).toHaveLength(3);
    expect(down.received.every((one) => signedWith(mine.secret, one))).toBe(true);
  });

  it('two server processes on one store send each attempt once, a retry by whichever claims it', async () => {
    const receiver = await startWebhookReceiver();
    const standin = await startStandin({ token: TEST_TOKEN, port: 0 });
    const scratch = await scratchStore(store);
    const db = await openRaw(scratch);
    cleanup.push(async () => {
      await db.close();
      await standin.close();
      await receiver.close();
      await scratch.remove();
    });
    const start = async () => {
      const env = { CREDITSCOPE_WATCH_TICK_MS: '50', CREDITSCOPE_WEBHOOK_RETRY_MS: '200' };
      const proxy = await startProxyProcess(scratch, standin.url, env);
      cleanup.push(() => proxy.stop());
      return proxy;
    };
    const [first, second] = [await start(), await start()];
    const api = apiOf(first);
    await learnPrices(api);
    const handle = 'grace__hook2';
    const watch = await addWatch(api, {
      kind: 'timeline',
      target: { screen_name: handle },
      schedule: { every: '15m' },
      cap: { credits: '100', per: 'day' },
    });
    await setWebhook(apiOf(second), `/api/_watches/${watch.id}/webhook`, receiver.url);
    receiver.failNext(500);
    // Three due times, each claimed by one process; a run with new items each (the stand-in grows between).
    for (const [index, grown] of [0, 2, 3].entries()) {
      if (grown > 0) await grow(standin.url, handle, grown);
      await db.kysely
        .updateTable('watches')
        .set({ next_due_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', watch.id)
        .execute();
      await waitFor(
        () => deliveriesOf(api, watch.id),
        (list) => list.length === index + 1 && list.every((one) => one.state === 'delivered'),
        10_000,
      );
    }
    // Twenty more ticks of each process: nothing is sent again.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const ids = receiver.received.map((one) => String(one.headers['x-creditscope-delivery']));
    expect(receiver.received.map((one) => one.answered)).toEqual([500, 200, 200, 200]);
    expect(ids[0]).toBe(ids[1]);
    expect(new Set(ids).size).toBe(3);
    const items = receiver.received.slice(1).map((one) => (JSON.parse(one.body) as DeliveryBody).items.length);
    expect(items).toEqual([20, 2, 3]);
    // A process that stopped between finishing a run and creating its delivery: the next tick anywhere creates it.
    const last = JSON.parse(receiver.received[3]!.body) as DeliveryBody;
    await db.kysely.deleteFrom('watch_deliveries').where('run_id', '=', last.run.id).execute();
    await waitFor(
      async () => receiver.received.length,
      (count) => count === 5,
      10_000,
    );
    expect(JSON.parse(receiver.received[4]!.body)).toEqual(last);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received).toHaveLength(5);
  });
});

describe('webhook settings', () => {
  it('refuses URLs it must not send to, keeps each person to their own, and resets and removes', async () => {
    process.env.CREDITSCOPE_TEST_SCRYPT_LOG_N = '10';
    const harness = await startProxyAgainstStandin({ CREDITSCOPE_AUTH: 'accounts' }, { store: 'sqlite' });
    cleanup.push(() => harness.close());
    const as =
      (cookie: string): Api =>
      (pathname, init = {}) =>
        harness.api(pathname, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } });
    const alice = as(await signedInPerson(harness, 'alice', 'member'));
    const bob = as(await signedInPerson(harness, 'bob', 'member'));
    const watch = await addWatch(alice, {
      kind: 'search',
      target: { q: 'compilers' },
      schedule: { daily: '08:30' },
      cap: { credits: '1', per: 'day' },
    });
    const path = `/api/_watches/${watch.id}/webhook`;
    const refusal = async (body: unknown) => {
      const response = await putWebhook(alice, path, body);
      expect(response.status).toBe(400);
      return ((await response.json()) as { error: { message: string } }).error.message;
    };
    expect(await refusal({ url: 'ftp://hooks.example.com/x' })).toContain('http:// or https://');
    expect(await refusal({ url: 'https://user:pw@hooks.example.com/x' })).toContain('user name or password');
    expect(await refusal({ url: 'not a url' })).toContain('is not a URL');
    expect(await refusal({ url: 'https://hooks.example.com/x', extra: 1 })).toContain('Nothing saved');
    // A shared server (people sign in): its own network is out of reach, unless the operator allows it.
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://localhost/x',
      'http://169.254.169.254/latest',
      'http://[::1]/x',
      'http://10.1.2.3/',
    ])
      expect(await refusal({ url })).toContain('CREDITSCOPE_WEBHOOK_PRIVATE=allow');
    expect(v.parse(webhookAnswer, await (await alice(path)).json()).webhook).toBeNull();

    const set = await setWebhook(alice, path, 'https://hooks.example.com/alice');
    const again = await setWebhook(alice, path, 'https://hooks.example.com/alice2');
    expect(again.secret).toBe(set.secret);
    const reset = v.parse(
      webhookAnswer,
      await (await putWebhook(alice, path, { url: 'https://hooks.example.com/alice2', resetSecret: true })).json(),
    ).webhook!;
    expect(reset.secret).not.toBe(set.secret);
    // Another person's watch is not there for bob, nor its webhook; his own person-wide one is his.
    expect((await bob(path)).status).toBe(404);
    expect((await putWebhook(bob, path, { url: 'https://evil.example.com/' })).status).toBe(404);
    expect((await bob(`/api/_watches/${watch.id}/deliveries`)).status).toBe(404);
    await setWebhook(bob, '/api/_watches/webhook', 'https://hooks.example.com/bob');
    expect(v.parse(webhookAnswer, await (await alice('/api/_watches/webhook')).json()).webhook).toBeNull();
    // Nobody signed in reads nothing.
    expect((await harness.api('/api/_watches/webhook')).status).toBe(401);
    expect((await alice(path, { method: 'POST' })).status).toBe(405);

    expect((await alice(path, { method: 'DELETE' })).status).toBe(204);
    expect((await alice(path, { method: 'DELETE' })).status).toBe(404);
    expect(v.parse(webhookAnswer, await (await alice(path)).json()).webhook).toBeNull();
    // A deleted watch takes its webhook with it; her person-wide one stays.
    await setWebhook(alice, path, 'https://hooks.example.com/alice3');
    await setWebhook(alice, '/api/_watches/webhook', 'https://hooks.example.com/all-alice');
    expect((await alice(`/api/_watches/${watch.id}`, { method: 'DELETE' })).status).toBe(204);
    const db = await openRaw({ dataDir: harness.dataDir, databaseUrl: null });
    const left = await db.kysely.selectFrom('watch_webhooks').select('scope').orderBy('scope').execute();
    await db.close();
    expect(left).toEqual([{ scope: 'person:alice' }, { scope: 'person:bob' }]);
  });
});
