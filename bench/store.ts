import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../server/config.ts';
import { openDb } from '../server/store/open.ts';
import { openStore } from '../server/store/store.ts';
import { addToTotals, scopesOf } from '../server/store/totals.ts';
import { FIRST_ROWS } from '../server/proxy/session-routes.ts';
import { startProxyAgainstStandin } from '../server/testing/harness.ts';
import { median } from './servers.ts';

/** Writes `count` settled timeline rows of 0.1 in one session, in batches, with their totals: a ledger grown over months. */
async function seed(dataDir: string, databaseUrl: string | null, count: number) {
  const db = await openDb({ dataDir, databaseUrl });
  const session = { id: randomUUID(), started_at: new Date(Date.now() - 86_400_000).toISOString() };
  await db.write(async (trx) => {
    await trx.insertInto('sessions').values(session).execute();
    for (let start = 0; start < count; start += 500) {
      const batch = Array.from({ length: Math.min(500, count - start) }, (_, index) => {
        const seq = start + index + 1;
        const at = new Date(Date.parse(session.started_at) + seq).toISOString();
        return {
          id: randomUUID(),
          seq,
          at,
          session_id: session.id,
          operation: 'timeline',
          params: JSON.stringify({ screen_name: `seed${seq}` }),
          page_key: `timeline seed${seq}`,
          state: 'settled' as const,
          reserved: '0',
          lease_until: at,
          owner: 'bench',
          status: 200,
          credits: '0.1',
          duration_ms: 40,
          ok: 1,
          charged: 'yes',
          attempts: JSON.stringify([{ at, status: 200, durationMs: 40, credits: '0.1', charged: 'yes' }]),
          error_kind: null,
        };
      });
      await trx.insertInto('purchases').values(batch).execute();
    }
    const credits = (count / 10).toString();
    await addToTotals(trx, scopesOf(new Date(), session.id), {
      operation: 'timeline',
      credits,
      calls: count,
      freeCalls: 0,
    });
  });
  await db.close();
}

type StoreAt = { dataDir: string; databaseUrl: string | null };

/**
 * Median `/api/_session` time of two stores, asked in turn (small, large, small, …) so both medians see the same
 * moments of a shared machine: one measured after the other read a millisecond-sized difference as the ledger's.
 */
async function sessionLatencies(small: StoreAt, large: StoreAt, requests: number) {
  const harnesses: Awaited<ReturnType<typeof startProxyAgainstStandin>>[] = [];
  try {
    for (const store of [small, large]) harnesses.push(await startProxyAgainstStandin({}, { shareStoreOf: store }));
    const times: number[][] = [[], []];
    for (let index = 0; index < requests; index++) {
      for (const [which, harness] of harnesses.entries()) {
        const started = performance.now();
        await (await harness.api('/api/_session')).arrayBuffer();
        times[which]!.push(performance.now() - started);
      }
    }
    return { small: median(times[0]!), large: median(times[1]!) };
  } finally {
    for (const harness of harnesses) await harness.close();
  }
}

async function startupMs(dataDir: string, databaseUrl: string | null): Promise<number> {
  const config = loadConfig({ CREDITSCOPE_DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const started = performance.now();
  const store = await openStore(config, null);
  const elapsed = performance.now() - started;
  await store.close();
  return elapsed;
}

/**
 * `/api/_session` with one page of rows in the ledger (FIRST_ROWS, what the answer carries at most) and with
 * 200,000 (same store kind, same run), and the store's start-up with each: the session route must not grow with
 * the ledger. An empty ledger is not the baseline: its answer carries no rows, so the ratio would count the
 * page of rows every larger ledger sends, not the ledger's size.
 */
export async function storeFigures(
  kind: 'sqlite' | 'postgres',
  databases: { small: string | null; large: string | null },
  rows = 200_000,
) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `creditscope-bench-store-${kind}-`));
  try {
    const small = { dataDir: path.join(root, 'small'), databaseUrl: databases.small };
    const large = { dataDir: path.join(root, 'large'), databaseUrl: databases.large };
    await seed(small.dataDir, small.databaseUrl, FIRST_ROWS);
    const seeding = performance.now();
    await seed(large.dataDir, large.databaseUrl, rows);
    const seedMs = performance.now() - seeding;
    const session = await sessionLatencies(small, large, 200);
    return {
      rows,
      smallRows: FIRST_ROWS,
      seedMs,
      sessionSmallMs: session.small,
      sessionLargeMs: session.large,
      startupSmallMs: await startupMs(small.dataDir, small.databaseUrl),
      startupLargeMs: await startupMs(large.dataDir, large.databaseUrl),
    };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
