import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const BENCH = {
  app: 4717,
  standin: 4718,
  devApp: 4719,
  postgresApp: 4720,
  dist: 'dist-bench',
  token: 'bench-token-not-secret',
} as const;

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
