import Big from 'big.js';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStandin } from '../standin/server.ts';
import type { StoreKind } from '../store/open.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import {
  allRows,
  book,
  dumpStore,
  openRaw,
  openScratch,
  paidCall,
  scratchStore,
  type ScratchStore,
} from '../testing/store-reads.ts';
import type { CallRow } from './rows.ts';
import { HEADER } from '../../src/contract/index.ts';

const TOKEN = 'kill-test-token-5c2e9b7a01d4';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const moduleUrl = (relative: string) => pathToFileURL(path.join(repoRoot, relative)).href;

/** The real proxy in its own process, so it can be killed like a crashed server. */
const CHILD_SCRIPT = `
import { loadConfig } from '${moduleUrl('server/config.ts')}';
import { createApiHandler } from '${moduleUrl('server/proxy/handler.ts')}';
import { listenOnTestBuild } from '${moduleUrl('server/testing/app-host.ts')}';
const config = loadConfig({ API_BASE_URL: process.env.KILL_UPSTREAM, API_TOKEN: process.env.KILL_TOKEN, CREDITSCOPE_DATA_DIR: process.env.KILL_DATA_DIR, DATABASE_URL: process.env.KILL_DATABASE_URL });
const handler = await createApiHandler(config);
const server = await listenOnTestBuild(config, handler);
process.stdout.write(JSON.stringify({ port: server.address().port }) + '\\n');
`;

let standin: Awaited<ReturnType<typeof startStandin>>;
let workDir: string;
let scriptPath: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  standin = await startStandin({ token: TOKEN, port: 0 });
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-kill-'));
  scriptPath = path.join(workDir, 'proxy-child.mts');
  fs.writeFileSync(scriptPath, CHILD_SCRIPT);
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await standin.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

/** Starts the proxy child on a store and resolves with its origin once it listens. */
function startChild(
  store: ScratchStore,
): Promise<{ child: ChildProcess; origin: string; api: (pathname: string) => Promise<Response> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', scriptPath], {
    cwd: repoRoot,
    env: {
      ...process.env,
      KILL_UPSTREAM: standin.url,
      KILL_TOKEN: TOKEN,
      KILL_DATA_DIR: store.dataDir,
      KILL_DATABASE_URL: store.databaseUrl ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((candidate) => candidate.startsWith('{'));
      if (!line) return;
      const origin = `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`;
      resolve({
        child,
        origin,
        api: (pathname) => fetch(`${origin}${pathname}`, { headers: { [HEADER.client]: '1' } }),
      });
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`proxy child exited early (${code}): ${err}`)));
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

const upstreamSeen = async (match: string) =>
  (
    (await (await fetch(`${standin.url}/_control/log?match=${match}`)).json()) as { query: Record<string, string> }[]
  ).map((call) => call.query.screen_name!);

const ownerOf = (child: ChildProcess) => `${os.hostname()}:${child.pid}`;

describe.each(STORE_KINDS)('kill -9 of a server on the %s store', (kind: StoreKind) => {
  const stores: ScratchStore[] = [];
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.remove();
  });
  async function freshStore() {
    const store = await scratchStore(kind);
    stores.push(store);
    return store;
  }

  it('loses no call that was answered with 200; the calls it had out become outcomes unknown at restart; the restart serves them all', async () => {
    const store = await freshStore();
    const { child, origin, api } = await startChild(store);
    // A real upstream's price is learnt from its first answer; then the calls can go in parallel.
    expect((await api(`/api/v1/social/microblog/posts?screen_name=ada__${kind}__first`)).status).toBe(200);
    // Three calls the stand-in holds: journalled and sent, certainly unsettled when the kill comes.
    await fetch(`${standin.url}/_control/faults`, {
      method: 'POST',
      body: JSON.stringify({ match: `${kind}__held`, latencyMs: 30_000, times: 3 }),
    });
    const held = [0, 1, 2].map((index) => `ada__${kind}__held${index}`);
    const heldCalls = held.map((name) =>
      fetch(`${origin}/api/v1/social/microblog/posts?screen_name=${name}`, {
        headers: { [HEADER.client]: '1' },
      }).catch(() => null),
    );
    for (;;) {
      if ((await upstreamSeen(`${kind}__held`)).length === 3) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }

    const answered = new Set<string>();
    let failedAfterKill = 0;
    let next = 0;
    const TOTAL = 2000;
    const KILL_AFTER = 300;
    const prefix = `ada__${kind}__kill`;
    async function worker() {
      while (next < TOTAL) {
        const index = next++;
        try {
          const response = await fetch(`${origin}/api/v1/social/microblog/posts?screen_name=${prefix}${index}`, {
            headers: { [HEADER.client]: '1' },
          });
          await response.arrayBuffer();
          const id = response.headers.get(HEADER.callId);
          if (response.status === 200 && id) answered.add(id);
          if (answered.size === KILL_AFTER) child.kill('SIGKILL');
        } catch {
          failedAfterKill += 1;
        }
      }
    }
    await Promise.all(Array.from({ length: 20 }, worker));
    await exited(child);
    await Promise.all(heldCalls);
    expect(child.signalCode).toBe('SIGKILL');
    // The kill really happened mid-way: calls were still being made when it came.
    expect(failedAfterKill).toBeGreaterThan(0);
    expect(answered.size).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(answered.size).toBeLessThan(TOTAL);

    // The store as the kill left it, read without settling anything.
    const raw = await openRaw(store);
    let left: Awaited<ReturnType<typeof dumpStore>>['purchases'];
    try {
      left = (await dumpStore(raw)).purchases;
    } finally {
      await raw.close();
    }
    const settled = new Set(left.filter((row) => row.state === 'settled').map((row) => row.id));
    // Every answered call was committed before its answer left.
    expect([...answered].filter((id) => !settled.has(id))).toEqual([]);
    // Nothing is settled as answered that the upstream did not answer (the calls of this burst on both sides: the
    // first call, settled too, is not in the burst's log; once the proxy was fast enough to have nothing out at the kill, it tipped this over).
    const upstreamCalls = (await upstreamSeen(prefix)).length;
    const inBurst = (row: { params: string }) =>
      String((JSON.parse(row.params) as { screen_name: string }).screen_name).startsWith(prefix);
    expect(
      left.filter((row) => row.state === 'settled' && row.charged !== 'unknown' && inBurst(row)).length,
    ).toBeLessThanOrEqual(upstreamCalls);
    // The calls it had out are still pending, in the name of the dead process.
    const pending = left.filter((row) => row.state === 'pending');
    const heldRows = pending.filter((row) =>
      held.includes(String((JSON.parse(row.params) as { screen_name: string }).screen_name)),
    );
    expect(heldRows).toHaveLength(3);
    expect(new Set(pending.map((row) => row.owner))).toEqual(new Set([ownerOf(child)]));

    // Started again on the same store: its process is gone, so what it had out is an outcome unknown, counted at the known price.
    const restarted = await startChild(store);
    try {
      const state = (await (await restarted.api('/api/_session')).json()) as {
        session: { calls: number; failedFree: number; total: string };
      };
      const rows = await allRows<CallRow>(restarted.api);
      const served = new Set(rows.map((row) => row.id));
      expect([...answered].filter((id) => !served.has(id))).toEqual([]);
      expect(rows).toHaveLength(left.length);
      const unknown = rows.filter((row) => row.charged === 'unknown');
      expect(unknown.map((row) => row.id).sort()).toEqual(pending.map((row) => row.id).sort());
      expect(unknown.every((row) => row.errorKind === 'outcome_unknown' && row.credits === '0.1')).toBe(true);
      expect(unknown.filter((row) => held.includes(String(row.params.screen_name)))).toHaveLength(3);
      // The session's sums are its rows', to the last decimal.
      expect(state.session).toEqual(
        expect.objectContaining({
          calls: rows.filter((row) => row.charged !== 'no').length,
          failedFree: rows.filter((row) => row.charged === 'no').length,
          total: rows.reduce((sum, row) => sum.plus(row.credits), new Big(0)).toString(),
        }),
      );
      const after = await openRaw(store);
      try {
        expect((await dumpStore(after)).purchases.filter((row) => row.state === 'pending')).toEqual([]);
      } finally {
        await after.close();
      }
    } finally {
      restarted.child.kill('SIGTERM');
      await exited(restarted.child);
    }
  }, 90_000);

  it('a call sent before its price was known, left unsettled by the kill, is counted at the price learnt since', async () => {
    const store = await freshStore();
    const { child, origin } = await startChild(store);
    // The first call against a real upstream goes alone, reserving nothing: no price is known yet.
    await fetch(`${standin.url}/_control/faults`, {
      method: 'POST',
      body: JSON.stringify({ match: `${kind}__scout`, latencyMs: 30_000, times: 1 }),
    });
    const scout = fetch(`${origin}/api/v1/social/microblog/posts?screen_name=ada__${kind}__scout`, {
      headers: { [HEADER.client]: '1' },
    }).catch(() => null);
    while ((await upstreamSeen(`${kind}__scout`)).length < 1) await new Promise((resolve) => setTimeout(resolve, 10));
    // Meanwhile another server on the store buys a timeline page and learns its price.
    const other = await openScratch(store, { listPrices: null });
    try {
      await book(other.ledger, paidCall('0.1'));
    } finally {
      await other.close();
    }
    child.kill('SIGKILL');
    await exited(child);
    await scout;

    const restarted = await openScratch(store, { listPrices: null });
    try {
      expect((await restarted.ledger.outcomesUnknown()).map((row) => [row.params.screen_name, row.credits])).toEqual([
        [`ada__${kind}__scout`, '0.1'],
      ]);
      expect(await restarted.ledger.spentInPeriod()).toBe('0.2');
      expect(await restarted.ledger.summary()).toMatchObject({ calls: 2, total: '0.2' });
    } finally {
      await restarted.close();
    }
  }, 60_000);

  it('kill -9 during 50 concurrent paid calls, five rounds: every call the upstream saw has a ledger entry after restart', async () => {
    const store = await freshStore();
    for (let round = 0; round < 5; round += 1) {
      const { child, origin } = await startChild(store);
      const prefix = `ada__${kind}__round${round}x`;
      const calls = Array.from({ length: 50 }, (_, index) =>
        fetch(`${origin}/api/v1/social/microblog/posts?screen_name=${prefix}${index}`, {
          headers: { [HEADER.client]: '1' },
        })
          .then((response) => response.arrayBuffer())
          .catch(() => null),
      );
      // Killed while the calls are on their way: some answered, some at the upstream, some not yet sent.
      while ((await upstreamSeen(prefix)).length < 10) await new Promise((resolve) => setTimeout(resolve, 5));
      child.kill('SIGKILL');
      await Promise.all(calls);
      await exited(child);

      const seenUpstream = await upstreamSeen(prefix);
      // Opened as the next server opens it: the dead process's pending calls are settled as outcomes unknown.
      const reopened = await openScratch(store);
      let purchases: Awaited<ReturnType<typeof dumpStore>>['purchases'];
      try {
        purchases = (await dumpStore(reopened.db)).purchases;
        const counted = purchases.filter((row) => row.state === 'settled' || row.state === 'unknown');
        // Every settlement, and every unknown outcome, is in the totals the budget reads: no half-written purchase.
        expect(await reopened.ledger.spentInPeriod()).toBe(
          counted.reduce((sum, row) => sum.plus(row.credits), new Big(0)).toString(),
        );
      } finally {
        await reopened.close();
      }
      const recorded = new Set(
        purchases.map((row) => String((JSON.parse(row.params) as { screen_name: string }).screen_name)),
      );
      expect(seenUpstream.length).toBeGreaterThan(0);
      expect(seenUpstream.filter((name) => !recorded.has(name))).toEqual([]);
      expect(purchases.filter((row) => row.state === 'pending')).toEqual([]);
    }
  }, 120_000);
});
