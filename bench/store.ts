import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../server/config.ts';
import { openDb } from '../server/store/open.ts';
import { openStore } from '../server/store/store.ts';
import { addToTotals, scopesOf } from '../server/store/totals.ts';
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

async function sessionLatency(dataDir: string, databaseUrl: string | null, requests: number): Promise<number> {
  const harness = await startProxyAgainstStandin({}, { shareStoreOf: { dataDir, databaseUrl } });
  try {
    const times: number[] = [];
    for (let index = 0; index < requests; index++) {
      const started = performance.now();
      await (await harness.api('/api/_session')).arrayBuffer();
      times.push(performance.now() - started);
    }
    return median(times);
  } finally {
    await harness.close();
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
 * `/api/_session` with an empty ledger and with 200,000 rows (same store kind, same run), and the
 * store's start-up with the large one: the session route must not grow with the ledger.
 */
export async function storeFigures(
  kind: 'sqlite' | 'postgres',
  databases: { empty: string | null; large: string | null },
  rows = 200_000,
) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `creditscope-bench-store-${kind}-`));
  try {
    const emptyDir = path.join(root, 'empty');
    const largeDir = path.join(root, 'large');
    const seeding = performance.now();
    await seed(largeDir, databases.large, rows);
    const seedMs = performance.now() - seeding;
    const emptyMs = await sessionLatency(emptyDir, databases.empty, 200);
    const largeMs = await sessionLatency(largeDir, databases.large, 200);
    const startEmpty = await startupMs(emptyDir, databases.empty);
    const startLarge = await startupMs(largeDir, databases.large);
    return {
      rows,
      seedMs,
      sessionEmptyMs: emptyMs,
      sessionLargeMs: largeMs,
      startupEmptyMs: startEmpty,
      startupLargeMs: startLarge,
    };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
