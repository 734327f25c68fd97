/**
 * The store's share of a paid call, alone: the statements purchase.ts makes for one page (archive look-ups,
 * journal, settlement with the archived answer), `concurrency` pages at a time, on SQLite and PostgreSQL.
 * Prints CPU ms and wall ms per call; no HTTP, so the figure moves only with the store's own cost.
 *
 *   npx tsx bench/store-hot-path.ts [--calls 3000] [--concurrency 50] [--only sqlite|postgres] [--limit 1000000]
 *
 * --limit sets CREDIT_LIMIT, as the 50-connection figure of `npm run bench` runs (every admission then weighs a limit).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { onePage, sampleBody } from './store-calls.ts';
import { openStore, type Store } from '../server/store/store.ts';
import { createTestDatabase, startThrowawayPostgres } from '../server/testing/postgres.ts';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '3000' },
    concurrency: { type: 'string', default: '50' },
    only: { type: 'string' },
    limit: { type: 'string' },
  },
});
const CALLS = Number(values.calls);

async function measure(store: Store, body: string, from: number, calls: number) {
  let next = from;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Number(values.concurrency) }, async () => {
      while (next < from + calls) await onePage(store, body, next++);
    }),
  );
  const used = process.cpuUsage(cpu);
  return {
    cpuMsPerCall: (used.user + used.system) / 1000 / calls,
    wallMsPerCall: (performance.now() - started) / calls,
  };
}

const body = await sampleBody();
const postgres = values.only === 'sqlite' ? null : await startThrowawayPostgres();
try {
  for (const kind of ['sqlite', 'postgres'] as const) {
    if (values.only && values.only !== kind) continue;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-hot-'));
    const databaseUrl = kind === 'postgres' ? (await createTestDatabase(postgres!.url)).url : null;
    const store = await openStore(
      {
        dataDir,
        databaseUrl,
        creditLimitPeriod: 'total',
        archiveFreshForMs: 3_600_000,
        creditLimit: values.limit ?? null,
      },
      null,
    );
    try {
      await measure(store, body, 0, 500);
      const figures = await measure(store, body, 1000, CALLS);
      console.log(
        `${kind}: ${figures.cpuMsPerCall.toFixed(3)} ms CPU, ${figures.wallMsPerCall.toFixed(3)} ms wall per call (${body.length} B answer)`,
      );
    } finally {
      await store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  await postgres?.stop();
}
