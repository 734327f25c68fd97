/**
 * Flat memory (issue 36.6): the built server in demo mode (its own stand-in in process, as `npm start` runs with
 * no upstream set) is sent 10,000 paid calls for distinct pages, 16 at a time; its RSS is read at 5,000, at
 * 10,000 and after ten quiet seconds, with the V8 heap, external memory and array buffers beside it (after a
 * full GC: bench/memory-probe.ts), so growth is named by where it sits. `tsx bench/memory.ts` runs it alone;
 * MEMORY_SNAPSHOTS=dir also writes a heap snapshot at each point (compare them in Chrome DevTools).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BENCH, waitFor } from './servers.ts';

const CONCURRENCY = 16;

interface Probe {
  usage: NodeJS.MemoryUsage;
  threadHeaps: { used: number; total: number }[];
}

const MB = 1024 * 1024;
const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

export async function memoryFigures(options: { calls?: number; port?: number; standinPort?: number } = {}) {
  const calls = options.calls ?? 10_000;
  const port = options.port ?? BENCH.app + 10;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-bench-memory-'));
  const probeFile = path.join(dataDir, 'probe.json');
  const snapshots = process.env.MEMORY_SNAPSHOTS;
  const server = spawn(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      'tsx',
      '--import',
      './bench/memory-probe.ts',
      'server/main.ts',
      '--port',
      String(port),
      '--outDir',
      BENCH.dist,
    ],
    {
      // Demo mode: neither API_BASE_URL nor API_TOKEN.
      env: {
        ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(API_|DATABASE_URL)/.test(name))),
        CREDITSCOPE_DATA_DIR: path.join(dataDir, 'store'),
        CREDITSCOPE_DEMO_STANDIN_PORT: String(options.standinPort ?? port + 1),
        MEMORY_PROBE_FILE: probeFile,
        ...(snapshots ? { MEMORY_PROBE_SNAPSHOTS: snapshots } : {}),
      },
      stdio: 'ignore',
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  const probe = async () => {
    fs.rmSync(probeFile, { force: true });
    server.kill('SIGUSR2');
    while (!fs.existsSync(probeFile) || fs.statSync(probeFile).size === 0)
      await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { usage, threadHeaps } = JSON.parse(fs.readFileSync(probeFile, 'utf8')) as Probe;
    return {
      rssMb: rssOf(server.pid!) / MB,
      heapUsedMb: usage.heapUsed / MB,
      externalMb: usage.external / MB,
      arrayBuffersMb: usage.arrayBuffers / MB,
      heapTotalMb: usage.heapTotal / MB,
      /** Each worker thread's heap, used of committed (the indexer's and the checkpointer's). */
      threadHeapsMb: threadHeaps.map(({ used, total }) => `${Math.round(used / MB)} of ${Math.round(total / MB)}`),
    };
  };
  try {
    await waitFor(`${origin}/`);
    let sent = 0;
    let failed = 0;
    const drive = async (until: number) => {
      const tag = Date.now().toString(36);
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (sent < until) {
            const page = sent++;
            const response = await fetch(`${origin}/api/v1/social/microblog/posts?screen_name=ada__mem${tag}${page}`, {
              headers: { 'x-creditscope-client': '1' },
            });
            await response.arrayBuffer();
            if (response.status !== 200) failed++;
          }
        }),
      );
    };
    const start = await probe();
    await drive(calls / 2);
    const half = await probe();
    await drive(calls);
    const full = await probe();
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const settled = await probe();
    return { calls, failed, start, half, full, settled, growth: full.rssMb / half.rssMb };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await memoryFigures({ calls: Number(process.env.MEMORY_CALLS ?? 10_000) }));
}
