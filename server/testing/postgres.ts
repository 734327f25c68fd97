import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

export const STORE_KINDS = ['sqlite', 'postgres'] as const;

const PG_ROOT = '/usr/lib/postgresql';
const READY_WITHIN_MS = 30_000;
const run = promisify(execFile);

/** Debian installs each major version side by side; the newest is the one a fresh install would bring. */
function findBin(): string {
  const versions = fs.existsSync(PG_ROOT) ? fs.readdirSync(PG_ROOT).filter((v) => /^\d+$/.test(v)) : [];
  const bin = versions
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => path.join(PG_ROOT, v, 'bin'))
    .find((dir) => fs.existsSync(path.join(dir, 'initdb')));
  if (!bin)
    throw new Error(
      `PostgreSQL not found under ${PG_ROOT}/*/bin: run \`node scripts/ensure-postgres.mjs\` (installs Debian's postgresql) or set TEST_DATABASE_URL`,
    );
  return bin;
}

/** PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` user Debian's package creates. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined)
    throw new Error(
      "PostgreSQL cannot run as root and there is no `postgres` user: install Debian's postgresql package, which creates it",
    );
  return { uid: Number(uid), gid: Number(gid) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net
      .createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
  });
}

function tail(file: string, lines = 12): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server log)';
  }
}

async function accepts(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function exited(child: ChildProcess, withinMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), withinMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export interface ThrowawayPostgres {
  url: string;
  /** Shuts the server down (fast: clients are cut off) and removes its folder. */
  stop(): Promise<void>;
  /** Shuts the server down (fast: clients are cut off) and keeps its data, for resume(): a database outage. */
  pause(): Promise<void>;
  /** Starts the paused server again on the same port and data; resolves once it accepts connections. */
  resume(): Promise<void>;
}

/**
 * A PostgreSQL cluster of its own in a temporary folder, reachable on a free loopback port only, with trust
 * authentication (nothing outside this machine can reach it). `stop()` shuts it down and removes the folder.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = findBin();
  const user = serverUser();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-pg-'));
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'server.log');
  const as = { ...user, cwd: dir };
  const failure = (what: string, detail: string) => new Error(`Throwaway PostgreSQL: ${what}.\n${detail}`);

  try {
    if (user) fs.chownSync(dir, user.uid, user.gid);
    // --locale=C: byte-wise text ordering, the same as SQLite's default, so both stores sort alike.
    await run(
      path.join(bin, 'initdb'),
      ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C'],
      as,
    );
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    const { stderr, message } = error as { stderr?: string; message: string };
    throw failure(`initdb in ${data} failed`, (stderr || message).trim().split('\n').slice(-12).join('\n'));
  }

  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let server: ChildProcess;
  const launch = () => {
    const logFd = fs.openSync(log, 'a');
    server = spawn(
      path.join(bin, 'postgres'),
      ['-D', data, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-k', dir],
      { ...as, stdio: ['ignore', logFd, logFd] },
    );
    fs.closeSync(logFd);
    server.on('error', (error) => fs.appendFileSync(log, `spawn failed: ${error.message}\n`));
  };
  // A run cut short without teardown (Ctrl-C, a closed stdout, an unhandled rejection: Vitest exits at once) must
  // not leave a server or 40 MB behind: stop it, and have a detached shell remove the folder once it has shut down.
  const stopOnExit = () => {
    server.kill('SIGINT');
    const script = 'for i in $(seq 100); do [ -e "$0/data/postmaster.pid" ] || break; sleep 0.1; done; rm -rf "$0"';
    spawn('sh', ['-c', script, dir], { detached: true, stdio: 'ignore' }).unref();
  };
  process.on('exit', stopOnExit);

  // SIGINT is PostgreSQL's fast shutdown (clients cut off, no waiting for them); SIGQUIT if even that hangs.
  const shutDown = async () => {
    if (server.pid !== undefined && server.kill('SIGINT') && !(await exited(server, 15_000))) {
      server.kill('SIGQUIT');
      await exited(server, 5_000);
    }
  };
  const stop = async () => {
    process.off('exit', stopOnExit);
    await shutDown();
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const ready = async () => {
    const deadline = Date.now() + READY_WITHIN_MS;
    while (!(await accepts(url))) {
      const gone = server.exitCode !== null || server.signalCode !== null || server.pid === undefined;
      if (gone || Date.now() > deadline) {
        const lastLines = tail(log);
        await stop();
        throw failure(
          gone
            ? `the server on port ${port} exited before accepting connections`
            : `the server on port ${port} did not accept connections within ${READY_WITHIN_MS / 1000} s`,
          lastLines,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  launch();
  await ready();
  return {
    url,
    stop,
    pause: shutDown,
    resume: async () => {
      launch();
      await ready();
    },
  };
}

/** A database of its own for one test file, so files running in parallel never see each other's rows. */
export async function createTestDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
