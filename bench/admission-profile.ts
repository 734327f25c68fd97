/**
 * Where a paid call's store time goes at 50 calls in flight: the journal's batches (admission, under the journal's
 * lock) and the settlements' batches, each timed from the call to `Db.write`/`Db.transact` to its commit, and the
 * work inside (statements only; the rest is BEGIN, the lock's wait and the commit). The same calls as
 * bench/store-hot-path.ts (archive look-ups, journal, settlement with a 51 KB archived answer), no HTTP.
 *
 *   npx tsx bench/admission-profile.ts [--calls 1500] [--concurrency 50] [--only sqlite|postgres] [--stores 1]
 *
 * --stores N (PostgreSQL only) opens N stores on one database, each with its own pool and batches, as N processes
 * would: their journal batches then take turns under the journal's advisory lock, the calls spread evenly.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Db } from '../server/store/open.ts';
import { openStore } from '../server/store/store.ts';
import { onePage, sampleBody } from './store-calls.ts';
import { createTestDatabase, startThrowawayPostgres } from '../server/testing/postgres.ts';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '1500' },
    concurrency: { type: 'string', default: '50' },
    only: { type: 'string' },
    stores: { type: 'string', default: '1' },
  },
});

interface Timing {
  batches: number;
  items: number;
  wholeMs: number;
  workMs: number;
}
const blank = (): Timing => ({ batches: 0, items: 0, wholeMs: 0, workMs: 0 });

/** Wraps the store's two transaction kinds to time them: the journal's (`write`) and the settlements' (`transact`). */
function timed(db: Db, timings: { journal: Timing; settle: Timing }) {
  const wrap = (original: Db['write'], timing: Timing): Db['write'] =>
    (async (work) => {
      const called = performance.now();
      let workMs = 0;
      const result = await original(async (trx) => {
        const started = performance.now();
        try {
          return await work(trx);
        } finally {
          workMs = performance.now() - started;
        }
      });
      timing.batches += 1;
      timing.items += Array.isArray(result) ? result.length : ((result as { rows?: unknown[] }).rows?.length ?? 1);
      timing.wholeMs += performance.now() - called;
      timing.workMs += workMs;
      return result;
    }) as Db['write'];
  const write = db.write;
  const transact = db.transact;
  // SQLite settles under the same lock as the journal (one writer): tell them apart by what they return.
  (db as { write: Db['write'] }).write = wrap(write, timings.journal);
  (db as { transact: Db['transact'] }).transact = wrap(transact, timings.settle);
}

const body = await sampleBody();
const postgres = values.only === 'sqlite' ? null : await startThrowawayPostgres();
try {
  for (const kind of ['sqlite', 'postgres'] as const) {
    if (values.only && values.only !== kind) continue;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-admission-'));
    const databaseUrl = kind === 'postgres' ? (await createTestDatabase(postgres!.url)).url : null;
    const options = {
      dataDir,
      databaseUrl,
      creditLimitPeriod: 'total' as const,
      archiveFreshForMs: 3_600_000,
      creditLimit: '1000000',
    };
    const stores = [await openStore(options, null)];
    // Started one after the other: the first one migrates the database.
    if (kind === 'postgres')
      for (let more = 1; more < Number(values.stores); more++) stores.push(await openStore(options, null));
    try {
      const timings = { journal: blank(), settle: blank() };
      for (const store of stores) timed(store.db, timings);
      const calls = Number(values.calls);
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: Number(values.concurrency) }, async () => {
          while (next < calls) await onePage(stores[next % stores.length]!, body, next++);
        }),
      );
      const wallMs = performance.now() - started;
      const line = (name: string, t: Timing) =>
        `  ${name}: ${t.batches} batches of ${(t.items / t.batches).toFixed(1)}, ${(t.wholeMs / t.batches).toFixed(2)} ms each ` +
        `(${(t.workMs / t.batches).toFixed(2)} in statements), ${((100 * t.wholeMs) / wallMs).toFixed(0)} % of the wall`;
      console.log(
        `${kind}, ${stores.length} store(s): ${calls} calls in ${wallMs.toFixed(0)} ms (${((1000 * calls) / wallMs).toFixed(0)} calls/s)`,
      );
      console.log(line('journal (admission, under the lock)', timings.journal));
      console.log(line('settlements', timings.settle));
    } finally {
      for (const store of stores) await store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  await postgres?.stop();
}
