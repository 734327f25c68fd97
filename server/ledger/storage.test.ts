import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createApiHandler, StartupError } from '../proxy/handler.ts';
import { walLimits } from '../store/checkpointer.ts';
import { diskReserve } from '../store/disk-reserve.ts';
import type { StoreKind } from '../store/open.ts';
import { mountSmallVolume } from '../testing/small-volume.ts';
import { startProxyAgainstStandin, TEST_TOKEN, waitFor, type ProxyHarness } from '../testing/harness.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import { dumpStore, openRaw, openScratch, scratchStore, type ScratchStore } from '../testing/store-reads.ts';
import { HEADER } from '../../src/contract/index.ts';

/**
 * No record, no spend, on a real full disk. SQLite only, by nature: the embedded store is a file in
 * the data directory, which here is a 16 MB tmpfs (the machine's root may mount one; the suite fails
 * with the reason when it cannot, rather than passing untested). PostgreSQL's disk is the database
 * server's, out of this process's reach: a write it refuses is the same LedgerWriteError path.
 * The tmpfs is large enough for the database file, its write-ahead log (cut back past a quarter of the volume),
 * the room the store keeps for its next start (as much again: server/store/disk-reserve.ts) and the full-text
 * index of the first purchases;
 * it is filled to the last byte with a filler file once the server is up, so the next journal entry
 * (a WAL frame appended to the log) fails with SQLITE_FULL.
 */
let volume: ReturnType<typeof mountSmallVolume>;
let mountPoint: string;
beforeAll(() => {
  volume = mountSmallVolume('16m', 'the full-disk test');
  mountPoint = volume.path;
});
afterAll(() => volume.unmount());

const FILLER = () => path.join(mountPoint, 'filler');

/**
 * A server on the small volume, once its store has put its disk reserve in place (server/store/disk-reserve.ts,
 * written by the checkpointer's thread as it starts). Filled before that, the reserve's write would fail and its
 * part-written file be removed, handing the store the room the test means to take away.
 */
async function startOnSmallVolume(dataDir: string): Promise<ProxyHarness> {
  const started = await startProxyAgainstStandin({}, { shareStoreOf: { dataDir, databaseUrl: null } });
  const { truncateFrom } = walLimits(dataDir);
  await waitFor(
    () =>
      fs.promises.stat(diskReserve.file(dataDir)).then(
        (stat) => stat.size,
        () => 0,
      ),
    (size) => size === truncateFrom,
    10_000,
  );
  return started;
}

/** SQLite's checkpoint that truncates the write-ahead log: its next write must grow the file again. */
async function emptyWriteAheadLog(store: { dataDir: string; databaseUrl: string | null }) {
  const db = await openRaw(store);
  try {
    const { rows } = await sql<{ busy: number }>`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db.kysely);
    expect(rows[0]?.busy, 'the checkpoint could not finish').toBe(0);
  } finally {
    await db.close();
  }
}

/** Writes until the file system refuses another byte. */
function fillDisk() {
  const fd = fs.openSync(FILLER(), 'a');
  try {
    for (const size of [65_536, 4096, 1]) {
      const chunk = Buffer.alloc(size, 0x2e);
      for (;;) {
        try {
          fs.writeSync(fd, chunk);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          break;
        }
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** What stops a server starting on `dataDir` (an upstream nobody listens on: nothing is bought). */
async function startupFailure(dataDir: string): Promise<Error> {
  const config = loadConfig({
    API_BASE_URL: 'http://127.0.0.1:9',
    API_TOKEN: TEST_TOKEN,
    CREDITSCOPE_DATA_DIR: dataDir,
  });
  const failure = await createApiHandler(config).then(
    async (handler) => {
      await handler.close();
      return null;
    },
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(StartupError);
  return failure as Error;
}

describe('a data directory on a full disk (SQLite)', () => {
  let harness: ProxyHarness | null = null;
  // Each test starts on an empty volume: a data directory left by the one before (its database, log and disk reserve)
  // would take room this test counts on, and a journal entry could be refused before the test fills the disk itself.
  afterEach(async () => {
    await harness?.close().catch(() => {});
    harness = null;
    for (const entry of fs.readdirSync(mountPoint))
      fs.rmSync(path.join(mountPoint, entry), { recursive: true, force: true });
  });

  it('buys nothing it cannot record: the calls bought before the disk filled are journalled, none after reaches the upstream', async () => {
    const dataDir = path.join(mountPoint, 'data');
    harness = await startOnSmallVolume(dataDir);
    const before = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        harness!.api(`/api/v1/social/microblog/posts?screen_name=ada__roomy${index}`),
      ),
    );
    expect(before.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const bought = await harness.upstreamLog('ada__roomy');
    expect(bought).toHaveLength(5);
    const rowsBefore = (await harness.state()).rows;
    expect(rowsBefore).toHaveLength(5);

    fillDisk();
    // A journal entry may still fit in log space SQLite already holds (a log rewound, not cut back): that call is
    // recorded, so it may go. How much such space there is depends on when the log was last checkpointed, so
    // batches go on until ten calls were refused (at most eight batches). Once the disk refuses the store, nothing
    // more is sent.
    const outcomes: { handle: string; status: number; body: string }[] = [];
    const refusedSoFar = () => outcomes.filter((outcome) => outcome.status === 507).length;
    for (let batch = 0; batch < 8 && (batch < 3 || refusedSoFar() < 10); batch += 1) {
      const handles = Array.from({ length: 10 }, (_, index) => `ada__full${batch}x${index}`);
      const answers = await Promise.all(
        handles.map((handle) => harness!.api(`/api/v1/social/microblog/posts?screen_name=${handle}`)),
      );
      for (const [index, answer] of answers.entries())
        outcomes.push({ handle: handles[index]!, status: answer.status, body: await answer.text() });
    }
    expect(outcomes.filter((outcome) => outcome.status !== 200 && outcome.status !== 507)).toEqual([]);
    const refused = outcomes.filter((outcome) => outcome.status === 507);
    expect(refused.length).toBeGreaterThanOrEqual(10);
    expect(refused[0]!.body).toMatch(/Not sent, nothing charged.*disk is full/);
    // Not one refused call was sent: nothing was journalled for it, so nothing left.
    const sentWhileFull = (await harness.upstreamLog('ada__full')).map((call) => call.query.screen_name);
    expect(sentWhileFull.sort()).toEqual(
      outcomes
        .filter((outcome) => outcome.status === 200)
        .map((outcome) => outcome.handle)
        .sort(),
    );
    // The server is still up and says what it has, and that it is not ready: paid calls are refused.
    expect((await harness.state()).session.calls).toBeGreaterThanOrEqual(5);
    const readiness = async () => {
      const answer = await fetch(`${harness!.origin}/readyz`);
      return { status: answer.status, body: (await answer.json()) as { problem?: string } };
    };
    expect(await readiness()).toMatchObject({
      status: 503,
      body: { problem: expect.stringMatching(/disk is full|refused \d+ settlement/) },
    });

    // Room again: ready again with no paid call to find it; the store takes the next purchase, and every call the
    // upstream ever saw is in it.
    fs.rmSync(FILLER());
    await waitFor(readiness, (ready) => ready.status === 200, 10_000);
    expect((await harness.api('/api/v1/social/microblog/posts?screen_name=ada__roomagain')).status).toBe(200);
    const reader = await openRaw(harness);
    try {
      const journalled = new Set(
        (await dumpStore(reader)).purchases.map((row) =>
          String((JSON.parse(row.params) as { screen_name: string }).screen_name),
        ),
      );
      const seen = (await harness.upstreamLog()).map((call) => call.query.screen_name!);
      expect(seen).toHaveLength(5 + sentWhileFull.length + 1);
      expect(seen.filter((name) => !journalled.has(name))).toEqual([]);
    } finally {
      await reader.close();
    }
  }, 60_000);

  it('delivers the answers of calls already sent when the disk fills before they settle, and writes them once there is room', async () => {
    const dataDir = path.join(mountPoint, 'data-answered');
    harness = await startOnSmallVolume(dataDir);
    expect((await harness.api('/api/v1/social/microblog/posts?screen_name=ada__roomfirst')).status).toBe(200);
    // Four calls journalled and sent, slow at the upstream: the disk fills while they are out.
    await harness.fault({ match: 'ada__answered', latencyMs: 1_000 });
    const pages = [0, 1, 2, 3].map((index) => `ada__answered${index}`);
    const pending = pages.map((page) => harness!.api(`/api/v1/social/microblog/posts?screen_name=${page}`));
    await waitFor(
      () => harness!.upstreamLog('ada__answered'),
      (calls) => calls.length === pages.length,
      10_000,
    );
    // The write-ahead log emptied to no bytes first: a log holding older frames is rewritten in place, so a
    // settlement could land without a byte more of disk, and this test would not see the disk refuse it.
    await emptyWriteAheadLog(harness);
    fillDisk();
    const answers = await Promise.all(
      pending.map(async (response) => ({ response: await response, text: await (await response).text() })),
    );
    const lost = answers.filter(({ response }) => response.status !== 200);
    expect(
      lost.map(({ text }) => text),
      `${lost.length} of ${answers.length} answers lost`,
    ).toEqual([]);
    for (const { response } of answers) {
      expect(response.headers.get(HEADER.credits)).toBe('0.1');
      expect(response.headers.get(HEADER.charged)).toBe('yes');
    }
    const ids = answers.map(({ response }) => response.headers.get(HEADER.callId)!);

    // Not written yet: each row is still pending, its reservation counted by every budget check meanwhile.
    const reader = await openRaw(harness);
    try {
      const rows = (await dumpStore(reader)).purchases.filter((row) => ids.includes(row.id));
      expect(rows.map((row) => [row.state, row.reserved])).toEqual(ids.map(() => ['pending', '0.1']));
    } finally {
      await reader.close();
    }

    // Room again: the kept settlements are written by themselves, with the archived answers.
    fs.rmSync(FILLER());
    const state = await waitFor(
      () => harness!.state(),
      (seen) => ids.every((id) => seen.rows.some((row) => row.id === id)),
      20_000,
    );
    expect(state.rows.filter((row) => ids.includes(row.id)).map((row) => [row.credits, row.charged, row.ok])).toEqual(
      ids.map(() => ['0.1', 'yes', true]),
    );
    expect(state.session).toMatchObject({ calls: 5, total: '0.5' });
    const again = await harness.api('/api/v1/social/microblog/posts?screen_name=ada__answered0');
    expect(again.headers.get(HEADER.source)).toBe('archive');
    expect(await again.text()).toBe(answers[0]!.text);
    expect(await harness.upstreamLog('ada__answered')).toHaveLength(pages.length);
  }, 60_000);

  it('writes a kept settlement at a clean shutdown, so the next start finds no outcome unknown', async () => {
    const dataDir = path.join(mountPoint, 'data-shutdown');
    harness = await startOnSmallVolume(dataDir);
    expect((await harness.api('/api/v1/social/microblog/posts?screen_name=ada__stopfirst')).status).toBe(200);
    await harness.fault({ match: 'ada__atstop', latencyMs: 600, times: 1 });
    const pending = harness.api('/api/v1/social/microblog/posts?screen_name=ada__atstop');
    await waitFor(
      () => harness!.upstreamLog('ada__atstop'),
      (calls) => calls.length === 1,
      10_000,
    );
    fillDisk();
    const answer = await pending;
    expect(answer.status, await answer.clone().text()).toBe(200);
    const id = answer.headers.get(HEADER.callId);
    // A few refused retries, so the next one is seconds away: the shutdown's own try is what writes it.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    fs.rmSync(FILLER());
    await harness.close();
    harness = null;

    const reopened = await openScratch({ dataDir, databaseUrl: null });
    try {
      expect(await reopened.ledger.outcomesUnknown()).toEqual([]);
      expect(await reopened.ledger.findRow(id!)).toMatchObject({ id, credits: '0.1', charged: 'yes', ok: true });
    } finally {
      await reopened.close();
    }
  }, 60_000);

  it('a server started on a full data directory stops with one line that says why', async () => {
    const dataDir = path.join(mountPoint, 'data-late');
    fs.mkdirSync(dataDir);
    fillDisk();
    const failure = await startupFailure(dataDir);
    expect(failure.message).toMatch(/disk is full|ENOSPC/);
    // Space is what it lacks: the advice is about space, not about permissions.
    expect(failure.message).toMatch(/Free some space on the disk that holds .*data-late/);
    expect(failure.message).not.toMatch(/\n/);
  });

  it('a server started on a data directory it cannot write stops with one line that says why', async () => {
    const dataDir = path.join(mountPoint, 'read-only');
    fs.mkdirSync(dataDir);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k,ro', 'tmpfs', dataDir], { stdio: 'pipe' });
    try {
      const failure = await startupFailure(dataDir);
      expect(failure.message).toMatch(/read-only|EROFS/);
      expect(failure.message).toContain('CREDITSCOPE_DATA_DIR');
      expect(failure.message).not.toMatch(/\n/);
    } finally {
      execFileSync('umount', ['-l', dataDir]);
    }
  });
});

describe('a database file this user cannot write, in a folder it can', () => {
  it('stops the server at start with one line that says so, not at the first purchase', async () => {
    const place = await scratchStore('sqlite');
    await (await openRaw(place)).close();
    // The database's files made read-only, as `chmod 444 creditscope.db*` makes them for anyone but root: for root
    // too, each bound onto itself read-only.
    const files = ['creditscope.db', 'creditscope.db-wal', 'creditscope.db-shm']
      .map((name) => path.join(place.dataDir, name))
      .filter((file) => fs.existsSync(file));
    const bound: string[] = [];
    try {
      for (const file of files) {
        execFileSync('mount', ['--bind', file, file], { stdio: 'pipe' });
        bound.push(file);
        execFileSync('mount', ['-o', 'remount,ro,bind', file], { stdio: 'pipe' });
      }
      const failure = await startupFailure(place.dataDir);
      expect(failure.message).toMatch(/read-only/);
      expect(failure.message).not.toMatch(/\n/);
    } finally {
      for (const file of bound) execFileSync('umount', ['-l', file]);
      await place.remove();
    }
  });
});

describe.each(STORE_KINDS)('several servers on one %s store', (kind: StoreKind) => {
  let store: ScratchStore;
  beforeAll(async () => {
    store = await scratchStore(kind);
  });
  afterAll(async () => {
    await store.remove();
  });

  it('start side by side (there is no per-folder lock any more) and read and write the same ledger', async () => {
    const config = loadConfig({
      API_BASE_URL: 'http://127.0.0.1:9',
      API_TOKEN: TEST_TOKEN,
      CREDITSCOPE_DATA_DIR: store.dataDir,
      ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
    });
    const first = await createApiHandler(config);
    try {
      const second = await createApiHandler(config);
      await second.close();
    } finally {
      await first.close();
    }
    // Two proxies on the store, each with its own upstream: what one buys, the other counts.
    const one = await startProxyAgainstStandin({}, { shareStoreOf: store });
    const two = await startProxyAgainstStandin({}, { shareStoreOf: store });
    try {
      expect((await one.api('/api/v1/social/microblog/posts?screen_name=ada__shared1')).status).toBe(200);
      expect((await two.api('/api/v1/social/microblog/posts?screen_name=ada__shared2')).status).toBe(200);
      const [stateOne, stateTwo] = [await one.state(), await two.state()];
      expect(stateOne.session).toMatchObject({ calls: 2, total: '0.2' });
      expect(stateTwo.session).toEqual(stateOne.session);
      expect(stateTwo.rows.map((row) => row.id)).toEqual(stateOne.rows.map((row) => row.id));
    } finally {
      await one.close();
      await two.close();
    }
  });
});
