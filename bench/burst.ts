/**
 * A burst of paid calls against `npm start` in demo mode (the built-in stand-in upstream, the SQLite store):
 * 10,000 distinct timeline pages, 16 at a time, as the load attack that found the WAL growing without bound,
 * memory climbing with every call and the first find waiting seconds for the indexer.
 *
 *   npx tsx bench/burst.ts            (BURST_CALLS=2000 for a shorter run; BURST_PORT to move off 4730)
 *
 * Reports, at 1k/5k/10k calls: the WAL's size beside the database's, the server's RSS as a ratio of its RSS
 * after the first thousand (the warm baseline, taken in the same run); RSS 10 s after the burst; and the first
 * find after the burst against a second find once the index has caught up.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const CALLS = Number(process.env.BURST_CALLS ?? 10_000);
const CONCURRENCY = 16;
const PORT = Number(process.env.BURST_PORT ?? 4730);
const MARKS = [1_000, 5_000, 10_000].filter((mark) => mark <= CALLS);
if (!MARKS.includes(CALLS)) MARKS.push(CALLS);
const MB = 1024 * 1024;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-bench-burst-'));
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-bench-burst-dist-'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
const origin = `http://127.0.0.1:${PORT}`;

// Demo mode: no API_BASE_URL or API_TOKEN. Only the page-less API is measured, so no build and no server rendering.
const { API_BASE_URL: _base, API_TOKEN: _token, DATABASE_URL: _database, ...inherited } = process.env;
const server = spawn(
  process.execPath,
  ['--import', 'tsx', 'server/main.ts', '--port', String(PORT), '--outDir', dist],
  {
    env: { ...inherited, CREDITSCOPE_DATA_DIR: dataDir, CREDITSCOPE_DEMO_STANDIN_PORT: String(PORT + 1), SSR: '0' },
    stdio: 'ignore',
  },
);
const stopServer = () => {
  try {
    server.kill('SIGKILL');
  } catch {
    /* gone */
  }
};
process.on('exit', () => {
  stopServer();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(dist, { recursive: true, force: true });
});

const rssMb = () => {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
};
const sizeMb = (file: string) => {
  try {
    return fs.statSync(path.join(dataDir, file)).size / MB;
  } catch {
    return 0;
  }
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUp() {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(`${origin}/api/_session`, { headers: { 'x-creditscope-client': '1' } })).ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(250);
  }
  throw new Error(`${origin} did not come up within 60 s`);
}

const headers = { 'x-creditscope-client': '1' };
const tag = Date.now().toString(36);
let next = 0;
let failed = 0;

/** `until` calls in all, CONCURRENCY at a time, each a page never bought before. */
async function callUntil(until: number) {
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < until) {
        const index = next++;
        const response = await fetch(`${origin}/api/v1/social/microblog/posts?screen_name=ada__${tag}${index}`, {
          headers,
        });
        await response.arrayBuffer();
        if (response.status !== 200) failed++;
      }
    }),
  );
}

async function timedFind() {
  const started = performance.now();
  const response = await fetch(`${origin}/api/_archive/search?q=lantern`, { headers });
  const body = (await response.json()) as { total?: number; indexing?: number };
  return { ms: performance.now() - started, status: response.status, total: body.total, indexing: body.indexing };
}

await waitUp();
const startRss = rssMb();
const marks: { calls: number; rssMb: number; walMb: number; dbMb: number; seconds: number }[] = [];
const started = performance.now();
for (const mark of MARKS) {
  await callUntil(mark);
  marks.push({
    calls: mark,
    rssMb: rssMb(),
    walMb: sizeMb('creditscope.db-wal'),
    dbMb: sizeMb('creditscope.db'),
    seconds: (performance.now() - started) / 1000,
  });
  console.log(
    `${mark} calls: RSS ${marks.at(-1)!.rssMb.toFixed(0)} MB, WAL ${marks.at(-1)!.walMb.toFixed(1)} MB, db ${marks.at(-1)!.dbMb.toFixed(1)} MB`,
  );
}
const firstFind = await timedFind();
// Once the index has caught up, the same find again: the baseline the first one is measured against.
let settledFind = await timedFind();
for (let attempt = 0; attempt < 600 && (settledFind.indexing ?? 0) > 0; attempt++) {
  await sleep(500);
  settledFind = await timedFind();
}
settledFind = await timedFind();
await sleep(10_000);
const after10s = { rssMb: rssMb(), walMb: sizeMb('creditscope.db-wal'), dbMb: sizeMb('creditscope.db') };
const peakWalMb = Math.max(...marks.map((mark) => mark.walMb));
const warm = marks[0]!.rssMb;

console.table([
  { figure: 'RSS at start', value: `${startRss.toFixed(0)} MB`, ratio: '' },
  ...marks.map((mark) => ({
    figure: `RSS after ${mark.calls} calls`,
    value: `${mark.rssMb.toFixed(0)} MB`,
    ratio: `${(mark.rssMb / warm).toFixed(2)} of 1k`,
  })),
  {
    figure: 'RSS 10 s after the burst',
    value: `${after10s.rssMb.toFixed(0)} MB`,
    ratio: `${(after10s.rssMb / warm).toFixed(2)} of 1k`,
  },
  ...marks.map((mark) => ({
    figure: `WAL after ${mark.calls} calls`,
    value: `${mark.walMb.toFixed(1)} MB`,
    ratio: `${(mark.walMb / Math.max(mark.dbMb, 0.001)).toFixed(2)} of db (${mark.dbMb.toFixed(1)} MB)`,
  })),
  {
    figure: 'WAL 10 s after the burst',
    value: `${after10s.walMb.toFixed(1)} MB`,
    ratio: `db ${after10s.dbMb.toFixed(1)} MB`,
  },
  {
    figure: 'first find after the burst',
    value: `${firstFind.ms.toFixed(0)} ms (still indexing: ${firstFind.indexing ?? 'not said'})`,
    ratio: `${(firstFind.ms / settledFind.ms).toFixed(1)}x of caught-up ${settledFind.ms.toFixed(0)} ms`,
  },
  { figure: 'calls that were not 200', value: String(failed), ratio: '' },
]);
const results = {
  calls: CALLS,
  concurrency: CONCURRENCY,
  startRss,
  marks,
  after10s,
  peakWalMb,
  firstFind,
  settledFind,
  failed,
  at: new Date().toISOString(),
};
fs.writeFileSync('bench/burst-results.json', `${JSON.stringify(results, null, 2)}\n`);
console.log('written bench/burst-results.json');
process.exit(0);
