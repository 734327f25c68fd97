import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mountSmallVolume } from '../testing/small-volume.ts';
import { startProxyAgainstStandin, waitFor, type ProxyHarness } from '../testing/harness.ts';
import { openDb } from './open.ts';

/**
 * SQLite's write-ahead log under sustained paid calls. Each call appends a few hundred KB of frames (the
 * journal entry, the settlement, the archived answer and its posts in the full-text index); a log nothing
 * rewinds grew to 2.8 GB beside a 479 MB database after 10,000 calls, and on a small data volume it took all
 * of it, so the server could not start again.
 */
const MB = 1024 * 1024;
const WRITER = path.resolve(import.meta.dirname, '../testing/wal-writer-child.ts');
const walSize = (dataDir: string) => {
  try {
    return fs.statSync(path.join(dataDir, 'creditscope.db-wal')).size;
  } catch {
    return 0;
  }
};

/** `count` distinct timeline pages, `atOnce` at a time, until one is refused for want of room; the WAL's largest size seen between. */
async function buy(harness: ProxyHarness, tag: string, count: number, dataDir: string, atOnce = 16) {
  const statuses: number[] = [];
  let largestWal = 0;
  for (let start = 0; start < count; start += atOnce) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(atOnce, count - start) }, (_, index) =>
        harness.api(`/api/v1/social/microblog/posts?screen_name=ada__${tag}${start + index}`),
      ),
    );
    for (const answer of answers) {
      statuses.push(answer.status);
      await answer.arrayBuffer();
    }
    largestWal = Math.max(largestWal, walSize(dataDir));
    if (statuses.includes(507)) break;
  }
  return { statuses, largestWal };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A script writing to a store of its own (testing/wal-writer-child.ts, given `args`): how it ended and what it said. */
async function runWriter(args: string[]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-wal-script-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dataDir, ...args], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const ended = await new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const said = JSON.parse(stdout || '{}') as { written?: number; foldedBack?: number; exited?: string };
  return { dataDir, ended, stderr, said };
}

/** The rows the script's writes left in its store, read by a process of their own. */
async function scratchRows(dataDir: string) {
  const store = await openDb({ dataDir, databaseUrl: null });
  try {
    const { rows } = await sql<{ rows: number }>`select count(*) as rows from scratch`.execute(store.kysely);
    return rows[0]!.rows;
  } finally {
    await store.close();
  }
}

describe('the SQLite write-ahead log', () => {
  it('stays within its bound under sustained paid calls', async () => {
    const harness = await startProxyAgainstStandin();
    cleanups.push(() => harness.close());
    const { statuses, largestWal } = await buy(harness, 'walsteady', 320, harness.dataDir);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // The bound is 16 MB; a checkpoint may come a tick after the log passes it. Unfixed: 51-75 MB, and it stays.
    expect(largestWal).toBeLessThan(32 * MB);
    await waitFor(
      async () => walSize(harness.dataDir),
      (size) => size <= 16 * MB,
    );
  }, 60_000);

  it('lets a script write while the checkpointer folds it back, and the script and the thread end cleanly', async () => {
    const { dataDir, ended, stderr, said } = await runWriter(['3']);
    // Unfixed: the script's loop, waiting for the lock the checkpointer held, was empty, so the process exited
    // mid-write, and its exit stopped the thread inside libsql, which aborted the process (SIGABRT, "PendingException").
    expect({ ended, stderr }).toEqual({ ended: { code: 0, signal: null }, stderr: '' });
    expect(said.foldedBack).toBe(3);
    expect(await scratchRows(dataDir)).toBe(said.written);
  }, 60_000);

  it('lets a process exit while its checkpointer is in a checkpoint, with the exit it asked for', async () => {
    const { dataDir, ended, stderr, said } = await runWriter(['3', '1000', 'exit']);
    // Unfixed: terminated inside libsql by the exit, the thread aborted the process (SIGABRT) in 5 runs of 5.
    expect({ ended, stderr }).toEqual({ ended: { code: 0, signal: null }, stderr: '' });
    expect(said.exited).toBe('in a checkpoint');
    expect(await scratchRows(dataDir)).toBe(said.written);
  }, 60_000);

  describe('on a 4 MB volume', () => {
    let volume: ReturnType<typeof mountSmallVolume>;
    let mountPoint: string;
    beforeAll(() => {
      volume = mountSmallVolume('4m', 'the WAL test');
      mountPoint = volume.path;
    });
    afterAll(() => volume.unmount());

    it('leaves the database the room, and a server starts again on it once it is full', async () => {
      const dataDir = path.join(mountPoint, 'data');
      const store = { shareStoreOf: { dataDir, databaseUrl: null } };
      const first = await startProxyAgainstStandin({}, store);
      // Until the volume is full: each page is tens of KB in the database, so well under 200 calls. Two at a
      // time: sixteen calls append some 4 MB of frames between two of the checkpointer's looks at the log.
      const { statuses, largestWal } = await buy(first, 'walsmall', 200, dataDir, 2);
      const bought = statuses.filter((status) => status === 200).length;
      // The calls after it are refused before they are sent (a settlement the disk refused is another matter: 500).
      expect(statuses).toContain(507);
      expect(bought).toBeGreaterThan(10);
      // A quarter of the volume, and what a few calls add between two checkpoints. Unfixed: all of it (~3.9 MB),
      // beside a database file of 4 KB.
      expect(largestWal).toBeLessThan(3 * MB);
      await first.close();

      // Started again on the full volume: it opens, folds what the log holds into the database, and answers.
      const second = await startProxyAgainstStandin({}, store);
      cleanups.push(() => second.close());
      expect((await second.state()).session).toBeDefined();
      expect(walSize(dataDir)).toBeLessThan(0.5 * MB);
      const history = (await (await second.api('/api/_history')).json()) as unknown;
      expect(JSON.stringify(history)).toContain('walsmall');
    }, 60_000);
  });
});
