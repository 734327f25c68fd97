import { execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeStaticTimeline } from './static-page.ts';

export const BENCH = {
  app: 4717,
  standin: 4718,
  devApp: 4719,
  postgresApp: 4720,
  /** The CPU-per-paid-call figure's own server and stand-in (bench/proxy-cpu.ts). */
  cpuApp: 4721,
  cpuStandin: 4722,
  dist: 'dist-bench',
  token: 'bench-token-not-secret',
} as const;

/** User + system CPU of a process (all its threads) so far, in ms (Linux: /proc, 100 ticks a second). */
export function processCpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Resolves once the child has exited, asking it to stop first if it still runs. */
export function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export async function waitFor(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up within ${timeoutMs} ms`);
}

function start(command: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(command, args, { env: { ...process.env, ...env }, stdio: 'ignore', detached: true });
}

function stop(child: ChildProcess) {
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    /* already gone */
  }
}

/**
 * The app as users run it (`npm start`: the production server), in front of a standalone stand-in with a known token,
 * so the proxy-overhead figure can call the stand-in directly too.
 */
export async function startApp(
  options: {
    databaseUrl?: string;
    port?: number;
    standinRunning?: boolean;
    beforeStart?: (standinOrigin: string) => Promise<void>;
  } = {},
): Promise<{ origin: string; standinOrigin: string; stop: () => void }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-bench-'));
  const standinOrigin = `http://127.0.0.1:${BENCH.standin}`;
  const standin = options.standinRunning
    ? null
    : start('npx', ['tsx', 'server/standin/main.ts'], {
        STANDIN_PORT: String(BENCH.standin),
        STANDIN_TOKEN: BENCH.token,
      });
  await waitFor(`${standinOrigin}/media/ready.svg`);
  await options.beforeStart?.(standinOrigin);
  const port = options.port ?? BENCH.app;
  // A budget far above what the bench spends: the reserve-and-settle path is on, as operators run it.
  const app = start(
    process.execPath,
    ['--import', 'tsx', 'server/main.ts', '--port', String(port), '--outDir', BENCH.dist],
    {
      API_BASE_URL: standinOrigin,
      API_TOKEN: BENCH.token,
      CREDITSCOPE_DATA_DIR: dataDir,
      CREDIT_LIMIT: '1000000',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/`);
  return {
    origin,
    standinOrigin,
    stop: () => {
      stop(app);
      if (standin) stop(standin);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The dev server (`npm run dev`: server/dev.ts, React StrictMode on) in front of the same stand-in: where a purchase tied to a component would be made twice. */
export async function startDevApp(standinOrigin: string): Promise<{ origin: string; stop: () => void }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-bench-dev-'));
  const app = start(
    process.execPath,
    ['--import', 'tsx', 'server/dev.ts', '--port', String(BENCH.devApp), '--strictPort'],
    {
      API_BASE_URL: standinOrigin,
      API_TOKEN: BENCH.token,
      CREDITSCOPE_DATA_DIR: dataDir,
    },
  );
  const origin = `http://127.0.0.1:${BENCH.devApp}`;
  await waitFor(`${origin}/`);
  return {
    origin,
    stop: () => {
      stop(app);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * A build of its own (client and server copy) served by `npm start`'s server in front of its own stand-in, on
 * `port` and `port + 1`, with the same posts as static HTML beside it (bench/static-page.ts): the server-rendering
 * benches (first-post.ts, ssr-time.ts) run beside the others this way.
 */
export async function startRenderingApp(options: {
  port: number;
  dist: string;
  build: boolean;
  /** SSR=0: the SPA, for a same-run comparison. */
  ssr?: string;
}): Promise<{ origin: string; standinOrigin: string; staticPath: string; stop: () => void }> {
  const { port, dist } = options;
  if (options.build)
    execSync(`npx vite build --outDir ${dist} && npx vite build --ssr src/entry-server.tsx --outDir ${dist}/server`, {
      stdio: 'ignore',
    });
  const standinOrigin = `http://127.0.0.1:${port + 1}`;
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-bench-render-'));
  const tsx = (args: string[], env: Record<string, string>) =>
    start(process.execPath, ['--import', 'tsx', ...args], env);
  const standin = tsx(['server/standin/main.ts'], { STANDIN_PORT: String(port + 1), STANDIN_TOKEN: BENCH.token });
  let app: ChildProcess | null = null;
  const stopAll = () => {
    if (app) stop(app);
    stop(standin);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${standinOrigin}/media/ready.svg`);
    const staticPath = await writeStaticTimeline(standinOrigin, 'grace__static', dist);
    app = tsx(['server/main.ts', '--port', String(port), '--outDir', dist], {
      API_BASE_URL: standinOrigin,
      API_TOKEN: BENCH.token,
      CREDITSCOPE_DATA_DIR: dataDir,
      CREDIT_LIMIT: '1000000',
      SSR: options.ssr ?? '1',
    });
    await waitFor(`${origin}/healthz`);
    return { origin, standinOrigin, staticPath, stop: stopAll };
  } catch (error) {
    stopAll();
    throw error;
  }
}
