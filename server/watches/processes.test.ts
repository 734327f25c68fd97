import { afterEach, describe, expect, it } from 'vitest';
import { startStandin } from '../standin/server.ts';
import type { StoreKind } from '../store/open.ts';
import { TEST_TOKEN, waitFor } from '../testing/harness.ts';
import { learnPrices } from '../testing/jobs.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import { apiOf, startProxyProcess } from '../testing/store-processes.ts';
import { openRaw, scratchStore } from '../testing/store-reads.ts';
import { addWatch, runsOf } from '../testing/watches.ts';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

describe.each(STORE_KINDS)('watch runs across server processes (#37, %s store)', (kind: StoreKind) => {
  async function setUp() {
    const standin = await startStandin({ token: TEST_TOKEN, port: 0 });
    const store = await scratchStore(kind);
    const db = await openRaw(store);
    cleanup.push(async () => {
      await db.close();
      await standin.close();
      await store.remove();
    });
    const start = async () => {
      const proxy = await startProxyProcess(store, standin.url, { CREDITSCOPE_WATCH_TICK_MS: '50' });
      cleanup.push(() => proxy.stop());
      return proxy;
    };
    const calls = async (handle: string) =>
      ((await (await fetch(`${standin.url}/_control/log?match=${handle}`)).json()) as unknown[]).length;
    /** The watch falls due at `at`, as a scheduled time passing would make it. */
    const dueAt = (id: string, at: Date) =>
      db.kysely.updateTable('watches').set({ next_due_at: at.toISOString() }).where('id', '=', id).execute();
    return { standin, db, start, calls, dueAt };
  }

  it('runs each due time once with two processes ticking every 50 ms; after downtime, one catch-up run', async () => {
    const { start, calls, dueAt } = await setUp();
    const [first, second] = [await start(), await start()];
    const api = apiOf(first);
    await learnPrices(api);
    const watch = await addWatch(api, {
      kind: 'timeline',
      target: { screen_name: 'grace__twice' },
      schedule: { every: '15m' },
      cap: { credits: '100', per: 'day' },
    });
    const finished = (wanted: number) =>
      waitFor(
        () => runsOf(apiOf(second), watch.id),
        (runs) => runs.filter((run) => run.state !== 'running').length >= wanted,
        10_000,
      );
    // Three due times; the last three days old (a server down since then): each claimed by one process, run once.
    const dues = [new Date(Date.now() - 60_000), new Date(Date.now() - 30_000), new Date(Date.now() - 3 * 86_400_000)];
    for (const [index, due] of dues.entries()) {
      await dueAt(watch.id, due);
      await finished(index + 1);
    }
    // Twenty more ticks of each process: nothing else is due.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const runs = await runsOf(api, watch.id);
    expect(runs.map((run) => run.dueAt).sort()).toEqual(dues.map((due) => due.getTime()).sort());
    expect(runs.every((run) => run.state === 'done' && run.trigger === 'schedule')).toBe(true);
    expect(await calls('grace__twice')).toBe(3);
    const after = (await (await api(`/api/_watches/${watch.id}`)).json()) as { watch: { nextRunAt: number } };
    expect(after.watch.nextRunAt).toBeGreaterThan(Date.now());
    expect(after.watch.nextRunAt).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
  });

  it('marks a run a killed process left running as interrupted, with what the ledger says it bought', async () => {
    const { standin, start, calls, dueAt, db } = await setUp();
    const first = await start();
    const api = apiOf(first);
    await learnPrices(api);
    await fetch(`${standin.url}/_control/faults`, {
      method: 'POST',
      body: JSON.stringify({ match: 'grace__k9', latencyMs: 20_000 }),
    });
    const watch = await addWatch(api, {
      kind: 'timeline',
      target: { screen_name: 'grace__k9' },
      schedule: { every: '1h' },
      cap: { credits: '100', per: 'day' },
    });
    await dueAt(watch.id, new Date(Date.now() - 1000));
    // The page is asked for (journalled first, then sent): the process dies while its answer is on the way.
    await waitFor(
      () => calls('grace__k9'),
      (count) => count === 1,
      10_000,
    );
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    const running = await db.kysely.selectFrom('watch_runs').selectAll().where('watch_id', '=', watch.id).execute();
    expect(running.map((run) => run.state)).toEqual(['running']);

    const second = await start();
    const [run] = await waitFor(
      () => runsOf(apiOf(second), watch.id),
      (runs) => runs[0]?.state === 'interrupted',
      10_000,
    );
    expect(run).toMatchObject({ state: 'interrupted', calls: 1, credits: '0.1' });
    expect(run!.reason).toContain('in the ledger');
    const rows = await db.kysely
      .selectFrom('purchases')
      .select(['state', 'watch_id'])
      .where('watch_id', '=', watch.id)
      .execute();
    expect(rows).toEqual([{ state: 'unknown', watch_id: watch.id }]);
    // Not run again for that due time.
    expect(await calls('grace__k9')).toBe(1);
  });
});
