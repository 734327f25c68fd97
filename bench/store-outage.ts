/**
 * PostgreSQL stopping under traffic, as the fault-injection attack did it: the production server (Fastify, in a
 * process of its own) on a throwaway cluster, `--clients` browsers buying distinct pages, the cluster stopped
 * (fast shutdown) for `--down` seconds and started again. Per run: did the server survive, how long after the
 * database accepted connections did /readyz and a purchase succeed again, how many calls reached the
 * upstream while the database was down, how many upstream calls have no settled row, how many answers were
 * 500 ("charged: unknown") rather than a page or a 507 ("Not sent, nothing charged").
 *
 *   npx tsx bench/store-outage.ts [--runs 6] [--down 10] [--clients 4]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startStandin } from '../server/standin/server.ts';
import { TEST_TOKEN } from '../server/testing/harness.ts';
import { createTestDatabase, startThrowawayPostgres } from '../server/testing/postgres.ts';
import { startProxyProcess, type ProxyProcess } from '../server/testing/store-processes.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '6' },
    down: { type: 'string', default: '10' },
    clients: { type: 'string', default: '4' },
  },
});
const RUNS = Number(values.runs);
const DOWN_MS = Number(values.down) * 1000;
const CLIENTS = Number(values.clients);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function rowsOf(url: string): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ params: string; state: string }>('select params, state from purchases');
    return new Map(rows.map((row) => [(JSON.parse(row.params) as { screen_name: string }).screen_name, row.state]));
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Polls until `ok` or the bound; resolves with the ms it took, or null. */
async function msUntil(ok: () => Promise<boolean>, boundMs = 60_000): Promise<number | null> {
  const start = Date.now();
  while (Date.now() - start < boundMs) {
    if (await ok().catch(() => false)) return Date.now() - start;
    await sleep(25);
  }
  return null;
}

async function oneRun(run: number) {
  const cluster = await startThrowawayPostgres();
  const standin = await startStandin({ token: TEST_TOKEN, port: 0 });
  const database = await createTestDatabase(cluster.url);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-outage-bench-'));
  let proxy: ProxyProcess | null = null;
  try {
    proxy = await startProxyProcess({ dataDir, databaseUrl: database.url }, standin.url);
    const tag = `r${run}`;
    const statuses = new Map<number, number>();
    let buying = true;
    const clients = Array.from({ length: CLIENTS }, async (_, client) => {
      for (let index = 0; buying && index < 100_000; index += 1) {
        const response = await proxy!.client
          .get(`/api/v1/social/microblog/posts?screen_name=ada__${tag}c${client}x${index}`)
          .catch(() => null);
        if (!response) return;
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status !== 200) await sleep(50);
      }
    });
    await sleep(2_000);
    await cluster.pause();
    const downFrom = new Date();
    await sleep(DOWN_MS);
    const downTo = new Date();
    await cluster.resume();
    const alive = () => proxy!.child.exitCode === null && proxy!.child.signalCode === null;
    const healthMs = alive() ? await msUntil(async () => (await proxy!.client.get('/readyz')).status === 200) : null;
    const purchaseMs = alive()
      ? await msUntil(
          async () =>
            (await proxy!.client.get(`/api/v1/social/microblog/posts?screen_name=ada__${tag}after${Date.now()}`))
              .status === 200,
        )
      : null;
    buying = false;
    await Promise.all(clients);
    const log = (await (await fetch(`${standin.url}/_control/log?match=ada__${tag}`)).json()) as {
      at: string;
      query: Record<string, string>;
    }[];
    const sentWhileDown = log.filter((call) => new Date(call.at) > downFrom && new Date(call.at) < downTo).length;
    const rows = await rowsOf(database.url);
    const missing = log.filter((call) => rows.get(call.query.screen_name!) !== 'settled').length;
    return {
      survived: alive(),
      healthMs,
      purchaseMs,
      sentWhileDown,
      missing,
      sent: log.length,
      statuses: Object.fromEntries(statuses),
      crash: alive()
        ? ''
        : (proxy
            .output()
            .split('\n')
            .find((line) => /^\w*Error\b|^error: /.test(line.trim())) ?? ''),
    };
  } finally {
    await proxy?.stop();
    await standin.close();
    await database.drop().catch(() => undefined);
    await cluster.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [];
for (let run = 0; run < RUNS; run += 1) {
  const result = await oneRun(run);
  results.push(result);
  console.log(
    `run ${run + 1}: ${result.survived ? 'survived' : `DIED (${result.crash})`}, /readyz 200 ${result.healthMs ?? '-'} ms and a purchase ${result.purchaseMs ?? '-'} ms after the database was back; ` +
      `${result.sent} calls sent, ${result.sentWhileDown} while down, ${result.missing} without a settled row; answers by status ${JSON.stringify(result.statuses)}`,
  );
}
const survived = results.filter((result) => result.survived);
console.log(
  `\nsurvived ${survived.length} of ${RUNS}; recovery (a purchase answered) max ${Math.max(...survived.map((result) => result.purchaseMs ?? Infinity), 0)} ms; ` +
    `calls sent while down ${results.reduce((sum, result) => sum + result.sentWhileDown, 0)}; rows missing ${results.reduce((sum, result) => sum + result.missing, 0)}; ` +
    `500 answers ${results.reduce((sum, result) => sum + (result.statuses[500] ?? 0), 0)}`,
);
process.exit(0);
