/**
 * The proxy-overhead figures alone (no build, no browser), on SQLite and on PostgreSQL, with the server's
 * CPU time per call read from /proc: steadier than wall time on a shared machine.
 *
 *   npx tsx bench/proxy-only.ts [--seconds 5] [--rounds 2] [--compare /path/to/other/checkout] [--prof dir] [--port 4817] [--dist dist-bench]
 *
 * --compare runs the same load against another checkout (a baseline with node_modules and dist-bench)
 * in alternating order within each round, so both see the same machine. --prof writes a --cpu-prof per server.
 * --port is the app's port (the stand-in takes the next one); --dist, a build both checkouts serve (only /api is loaded).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { run, type LoadFigures } from './proxy-overhead.ts';
import { BENCH, median, processCpuMs, stopped, waitFor } from './servers.ts';
import { createTestDatabase, startThrowawayPostgres } from '../server/testing/postgres.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '2' },
    compare: { type: 'string' },
    prof: { type: 'string' },
    only: { type: 'string' },
    port: { type: 'string', default: '4817' },
    dist: { type: 'string', default: BENCH.dist },
  },
});
const SECONDS = Number(values.seconds);
const PORTS = { app: Number(values.port), standin: Number(values.port) + 1 };
const trees = [
  { name: 'this', dir: process.cwd() },
  ...(values.compare ? [{ name: 'compare', dir: path.resolve(values.compare) }] : []),
];

async function proxied(
  dir: string,
  databaseUrl: string | null,
  label: string,
): Promise<LoadFigures & { cpuMsPerCall: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-proxy-bench-'));
  const prof = values.prof ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values.prof, label)}`] : [];
  const app = spawn(
    process.execPath,
    [...prof, '--import', 'tsx', 'server/main.ts', '--port', String(PORTS.app), '--outDir', path.resolve(values.dist)],
    {
      cwd: dir,
      stdio: 'ignore',
      env: {
        ...process.env,
        API_BASE_URL: `http://127.0.0.1:${PORTS.standin}`,
        API_TOKEN: BENCH.token,
        CREDITSCOPE_DATA_DIR: dataDir,
        CREDIT_LIMIT: '1000000',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
    },
  );
  try {
    const origin = `http://127.0.0.1:${PORTS.app}`;
    await waitFor(`${origin}/healthz`);
    const handle = `${label.replace(/\W/g, '')}${Date.now().toString(36)}x`;
    const url = `${origin}/api/v1/social/microblog/posts?screen_name=warm__${handle}`;
    await run(url, { 'x-creditscope-client': '1' }, 1);
    const before = processCpuMs(app.pid!);
    const figures = await run(
      `${origin}/api/v1/social/microblog/posts?screen_name=grace__${handle}`,
      { 'x-creditscope-client': '1' },
      SECONDS,
    );
    return { ...figures, cpuMsPerCall: (processCpuMs(app.pid!) - before) / Math.max(1, figures.requests) };
  } finally {
    await stopped(app);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const standin = spawn(process.execPath, ['--import', 'tsx', 'server/standin/main.ts'], {
  stdio: 'ignore',
  env: { ...process.env, STANDIN_PORT: String(PORTS.standin), STANDIN_TOKEN: BENCH.token },
});
const postgres = values.only === 'sqlite' ? null : await startThrowawayPostgres();
const results: Record<string, (LoadFigures & { cpuMsPerCall?: number })[]> = {};
try {
  await waitFor(`http://127.0.0.1:${PORTS.standin}/media/ready.svg`);
  const kinds = (['sqlite', 'postgres'] as const).filter((kind) => !values.only || values.only === kind);
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const kind of kinds) {
      const direct = await run(
        `http://127.0.0.1:${PORTS.standin}/v1/social/microblog/posts?screen_name=grace__direct${round}`,
        { authorization: `Bearer ${BENCH.token}` },
        SECONDS,
      );
      (results[`${kind} direct`] ??= []).push(direct);
      const order = round % 2 === 0 ? trees : [...trees].reverse();
      for (const tree of order) {
        const databaseUrl = kind === 'postgres' ? (await createTestDatabase(postgres!.url)).url : null;
        (results[`${kind} ${tree.name}`] ??= []).push(
          await proxied(tree.dir, databaseUrl, `${kind}-${tree.name}-${round}`),
        );
      }
    }
  }
} finally {
  await stopped(standin);
  await postgres?.stop();
}

const rows = Object.entries(results).map(([name, runs]) => {
  const direct = results[`${name.split(' ')[0]} direct`]!;
  const of = (pick: (figures: LoadFigures) => number) => median(runs.map(pick));
  return {
    run: name,
    medianMs: of((r) => r.medianMs),
    p99Ms: of((r) => r.p99Ms),
    reqPerS: Math.round(of((r) => r.requestsPerSecond)),
    medianX: (of((r) => r.medianMs) / median(direct.map((r) => r.medianMs))).toFixed(2),
    p99X: (of((r) => r.p99Ms) / median(direct.map((r) => r.p99Ms))).toFixed(2),
    throughputX: (of((r) => r.requestsPerSecond) / median(direct.map((r) => r.requestsPerSecond))).toFixed(2),
    errors: runs.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
    cpuMsPerCall: runs[0]!.cpuMsPerCall === undefined ? '' : median(runs.map((r) => r.cpuMsPerCall!)).toFixed(2),
    // #36.4, on each store: median ≤ 1.2× and throughput ≥ 0.8× the same load straight to the stand-in.
    goal: name.endsWith(' direct') ? '' : 'median ≤ 1.2×, throughput ≥ 0.8×',
    met: name.endsWith(' direct')
      ? ''
      : of((r) => r.medianMs) / median(direct.map((r) => r.medianMs)) <= 1.2 &&
          of((r) => r.requestsPerSecond) / median(direct.map((r) => r.requestsPerSecond)) >= 0.8
        ? 'yes'
        : 'NO',
  };
});
console.table(rows);
console.log(JSON.stringify(results));
