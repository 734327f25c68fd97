/**
 * The server's CPU per paid call (issue 36.4: ≤ 1 ms): parse, redact, journal, archive, index and commit, on
 * every thread of the server process (the indexer's included), read from /proc as user + system time around a
 * fixed number of distinct timeline pages bought at a moderate concurrency, then until the indexer is idle.
 * The stand-in's CPU for the same calls made straight to it is the baseline: what serving the page costs at all.
 *
 *   npx tsx bench/proxy-cpu.ts [--calls 2000] [--concurrency 10] [--only sqlite|postgres] [--prof] [--ten | --ten-only] [--port 6517]
 *
 * --prof runs a second pass under `--cpu-prof` and writes the busiest functions, per thread, to
 * bench/profiles/proxy-cpu-<store>.md (the .cpuprofile files are not kept). --ten also measures ten pages at
 * once on a 300 ms upstream, through the proxy and direct (bench/proxy-overhead.ts's figure, alone).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { summariseProfiles } from './cpu-profile.ts';
import { tenConcurrentPages } from './proxy-overhead.ts';
import { BENCH, median, processCpuMs, stopped, waitFor } from './servers.ts';
import { createTestDatabase, startThrowawayPostgres } from '../server/testing/postgres.ts';

/** CLOCK_MONOTONIC in µs: the clock V8 stamps profile samples with, in every process. */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** The CPU a process spends after the load: waits until it stays idle (the indexer thread caught up). */
async function settle(pid: number) {
  let last = processCpuMs(pid);
  for (let quiet = 0, tries = 0; quiet < 3 && tries < 120; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = processCpuMs(pid);
    quiet = now - last <= 10 ? quiet + 1 : 0;
    last = now;
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function get(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (response) => {
        response.resume();
        response.once('end', () => resolve(response.statusCode ?? 0));
        response.once('error', reject);
      })
      .once('error', reject);
  });
}

/** `calls` distinct pages, `concurrency` at a time; the number answered other than 200. */
async function drive(
  page: (index: number) => string,
  headers: Record<string, string>,
  calls: number,
  concurrency: number,
) {
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < calls) {
        const status = await get(page(next++), headers);
        if (status !== 200) failed++;
      }
    }),
  );
  return failed;
}

export interface CpuFigures {
  store: 'sqlite' | 'postgres';
  calls: number;
  /** Server CPU (all threads) per paid call, ms. */
  serverMsPerCall: number;
  /** The stand-in's CPU per call made straight to it, ms: the baseline. */
  standinMsPerCall: number;
  failed: number;
  /** Markdown summary of the profile, when one was taken. */
  profile?: string;
}

const CLIENT = { 'x-creditscope-client': '1' };

async function startServer(
  port: number,
  standinOrigin: string,
  databaseUrl: string | null,
  dist: string,
  profDir: string | null,
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-bench-cpu-'));
  const prof = profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [];
  const child = spawn(
    process.execPath,
    [...prof, '--import', 'tsx', 'server/main.ts', '--port', String(port), '--outDir', dist],
    {
      stdio: 'ignore',
      env: {
        ...process.env,
        API_BASE_URL: standinOrigin,
        API_TOKEN: BENCH.token,
        CREDITSCOPE_DATA_DIR: dataDir,
        // A budget far above what the bench spends: the reserve-and-settle path is on, as operators run it.
        CREDIT_LIMIT: '100000000',
        SSR: '0',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/healthz`, 120_000);
  return {
    origin,
    pid: child.pid!,
    stop: async () => {
      await stopped(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One store's figure: the stand-in's CPU per direct call, then the server's per paid call, same pages' shape. */
export async function proxyCpuPerCall(options: {
  store: 'sqlite' | 'postgres';
  databaseUrl: string | null;
  standin: { origin: string; pid: number };
  port: number;
  dist: string;
  calls?: number;
  concurrency?: number;
  profile?: boolean;
}): Promise<CpuFigures> {
  const calls = options.calls ?? 2000;
  const concurrency = options.concurrency ?? 10;
  const tag = `${options.store}${Date.now().toString(36)}`;
  const direct = (prefix: string) => (index: number) =>
    `${options.standin.origin}/v1/social/microblog/posts?screen_name=grace__${prefix}${tag}${index}`;
  await drive(direct('warmd'), { authorization: `Bearer ${BENCH.token}` }, 300, concurrency);
  const standinBefore = processCpuMs(options.standin.pid);
  await drive(direct('cpud'), { authorization: `Bearer ${BENCH.token}` }, calls, concurrency);
  const standinMsPerCall = (processCpuMs(options.standin.pid) - standinBefore) / calls;

  const measure = async (profDir: string | null, n: number, prefix: string) => {
    const server = await startServer(options.port, options.standin.origin, options.databaseUrl, options.dist, profDir);
    try {
      const paid = (p: string) => (index: number) =>
        `${server.origin}/api/v1/social/microblog/posts?screen_name=grace__${p}${tag}${index}`;
      // Warm: the JIT, the connections, the indexer thread's first batches.
      await drive(paid(`warm${prefix}`), CLIENT, 300, concurrency);
      await settle(server.pid);
      const before = processCpuMs(server.pid);
      const fromUs = monotonicUs();
      const failed = await drive(paid(prefix), CLIENT, n, concurrency);
      await settle(server.pid);
      const window = { fromUs, toUs: monotonicUs() };
      return { msPerCall: (processCpuMs(server.pid) - before) / n, failed, window };
    } finally {
      await server.stop();
    }
  };
  const measured = await measure(null, calls, 'cpu');
  let profile: string | undefined;
  if (options.profile) {
    const profDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-bench-cpuprof-'));
    try {
      const profiled = Math.min(calls, 1000);
      const { window, msPerCall } = await measure(profDir, profiled, 'prof');
      profile = `# Server CPU per paid call, ${options.store}: where it goes\n\n${profiled} distinct timeline pages, ${concurrency} at a time, under \`--cpu-prof\` (\`npx tsx bench/proxy-cpu.ts --prof\`, ${new Date().toISOString().slice(0, 10)}): samples from the first call to the indexer idle, ${msPerCall.toFixed(2)} ms of CPU per call in that run (the profiler's own cost included).\n\n${summariseProfiles(profDir, window, msPerCall)}`;
    } finally {
      fs.rmSync(profDir, { recursive: true, force: true });
    }
  }
  return {
    store: options.store,
    calls,
    serverMsPerCall: measured.msPerCall,
    standinMsPerCall,
    failed: measured.failed,
    profile,
  };
}

/** Starts the stand-in for the figures above; stop() when done. */
export async function startCpuStandin(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/standin/main.ts'], {
    stdio: 'ignore',
    env: { ...process.env, STANDIN_PORT: String(port), STANDIN_TOKEN: BENCH.token },
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/media/ready.svg`, 120_000);
  return { origin, pid: child.pid!, stop: () => stopped(child) };
}

/** An empty build directory: only /api is measured, so nothing is built and no page rendered. */
export function emptyDist() {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-bench-cpu-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  return dist;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      calls: { type: 'string', default: '2000' },
      concurrency: { type: 'string', default: '10' },
      only: { type: 'string' },
      prof: { type: 'boolean', default: false },
      ten: { type: 'boolean', default: false },
      'ten-only': { type: 'boolean', default: false },
      port: { type: 'string', default: '6517' },
    },
  });
  const port = Number(values.port);
  const standin = await startCpuStandin(port + 1);
  const dist = emptyDist();
  const postgres = values.only === 'sqlite' ? null : await startThrowawayPostgres();
  const tenFigure = async (store: string, databaseUrl: string | null) => {
    const server = await startServer(port, standin.origin, databaseUrl, dist, null);
    try {
      const ten = await tenConcurrentPages(server.origin, standin.origin, BENCH.token, 7);
      const [direct, proxied] = [median(ten.direct), median(ten.proxied)];
      console.log(
        JSON.stringify({ store, tenConcurrentPages: { direct, proxied }, ratio: +(proxied / direct).toFixed(3) }),
      );
    } finally {
      await server.stop();
    }
  };
  try {
    for (const store of (['sqlite', 'postgres'] as const).filter((kind) => !values.only || values.only === kind)) {
      const databaseUrl = store === 'postgres' ? (await createTestDatabase(postgres!.url)).url : null;
      if (values['ten-only']) {
        await tenFigure(store, databaseUrl);
        continue;
      }
      const figures = await proxyCpuPerCall({
        store,
        databaseUrl,
        standin,
        port,
        dist,
        calls: Number(values.calls),
        concurrency: Number(values.concurrency),
        profile: values.prof,
      });
      const { profile, ...numbers } = figures;
      if (values.ten) await tenFigure(store, databaseUrl);
      console.log(
        JSON.stringify({
          ...numbers,
          serverMsPerCall: +numbers.serverMsPerCall.toFixed(3),
          standinMsPerCall: +numbers.standinMsPerCall.toFixed(3),
        }),
      );
      if (profile) {
        const file = `bench/profiles/proxy-cpu-${store}.md`;
        fs.writeFileSync(file, profile);
        console.log(`profile summary: ${file}`);
      }
    }
  } finally {
    await standin.stop();
    await postgres?.stop();
    fs.rmSync(dist, { recursive: true, force: true });
  }
}
