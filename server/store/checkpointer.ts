import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { enterNative, leaveNative, nativeCallsWord } from './native-calls.ts';
import type { ThreadLock } from './thread-lock.ts';

const EVERY_MS = 100;
/** SQLite's default wal_autocheckpoint: 1,000 pages of 4 KB. */
const PASSIVE_FROM_BYTES = 1000 * 4096;
/** The most the WAL is let grow to before it is folded back and truncated, on a volume of 64 MB or more. */
const TRUNCATE_FROM_BYTES = 16 * 1024 * 1024;
/** The checkpointer's number in the store's thread lock (the event loop is 1, the archive indexer 2). */
export const CHECKPOINTER_HOLDER = 3;

// CommonJS run by the worker as is: no loader (tsx, Vitest) is needed inside it.
const WORKER = `
const fs = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const Sqlite = require(workerData.libsql);
const lock = new Int32Array(workerData.lock);
const enterNative = (${enterNative.toString()});
const leaveNative = (${leaveNative.toString()});
const calls = new Int32Array(workerData.calls);
/** Every call into libsql, unless the process is exiting (native-calls.ts): then none, and the thread is let end. */
function native(call) {
  if (!enterNative(calls)) return;
  try { return call(); } finally { leaveNative(calls); }
}
const database = native(() => new Sqlite(workerData.file));
// Short: a checkpoint that finds a reader or another process's writer in its way tries again at the next tick,
// rather than keeping this process's writers waiting behind the thread lock.
native(() => database.pragma('busy_timeout = 100'));
const walSize = () => { try { return fs.statSync(workerData.file + '-wal').size; } catch { return 0; } };
/** The thread lock (thread-lock.ts), taken synchronously: this thread has nothing else to do meanwhile. */
function holdingLock(work) {
  for (let seen = Atomics.compareExchange(lock, 0, 0, workerData.holder); seen !== 0; seen = Atomics.compareExchange(lock, 0, 0, workerData.holder)) {
    Atomics.wait(lock, 0, seen, 50);
  }
  try { return work(); } finally { Atomics.store(lock, 0, 0); Atomics.notify(lock, 0); }
}
// Room for the next start to fold the log back on a volume this store fills (disk-reserve.ts): only a start gives it up.
try { fs.writeFileSync(workerData.reserve.file, Buffer.alloc(workerData.reserve.bytes), { flag: 'wx' }); } catch (error) {
  if (error.code !== 'EEXIST') fs.rmSync(workerData.reserve.file, { force: true });
}
const timer = setInterval(() => {
  try {
    const size = walSize();
    // From the size SQLite's own checkpoint waits for: a small store keeps the footprint it had.
    if (size < workerData.passiveFrom) return;
    // The bulk of the copying, blocking no writer and no reader.
    native(() => database.pragma('wal_checkpoint(PASSIVE)'));
    if (size < workerData.truncateFrom) return;
    // A WAL is only rewound by a writer that starts when every frame is already in the database file: under
    // steady writes from several connections that moment never comes, and the file grows without end. So,
    // with this process's writers held at the thread lock, what is left is copied and the file cut to nothing.
    // The lock first: an exit waits for a call under way, and the lock may be held by the thread that exits.
    holdingLock(() => native(() => database.pragma('wal_checkpoint(TRUNCATE)')));
  } catch { /* busy, or the disk full: the next tick tries again */ }
}, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); native(() => database.close()); parentPort.close(); });
`;

/**
 * When the checkpointer copies the WAL (`passiveFrom`) and folds it back to nothing (`truncateFrom`): 4 MB and
 * 16 MB, or a sixteenth and a quarter of a volume under 64 MB, so the log never takes the database's room.
 */
export function walLimits(dataDir: string): { passiveFrom: number; truncateFrom: number } {
  let truncateFrom = TRUNCATE_FROM_BYTES;
  try {
    const volume = fs.statfsSync(dataDir);
    truncateFrom = Math.min(TRUNCATE_FROM_BYTES, Math.floor((volume.blocks * volume.bsize) / 4));
  } catch {
    /* no statfs here: the full bound */
  }
  return { passiveFrom: Math.min(PASSIVE_FROM_BYTES, Math.floor(truncateFrom / 4)), truncateFrom };
}

/**
 * Copies the WAL into the database file from a thread of its own, and keeps the WAL within `walLimits`.
 * Left to SQLite, a checkpoint runs inside whichever commit takes the WAL past 1,000 pages (every few dozen
 * archived answers), with two fsyncs, on the event loop: profiled, that was most of the time a paid call's
 * commit blocked every other request. A passive checkpoint never blocks a writer or a reader, and commits
 * stay exactly as durable (synchronous=NORMAL: a commit is in the WAL in the OS before it returns); past the
 * bound a truncating one holds this process's writers (`threadLock`, as `holder`) for the few frames left.
 *
 * `fallBack` gives the checkpoints back to SQLite's own (in the commit) if the thread cannot run.
 */
export function startCheckpointer(
  file: string,
  threadLock: ThreadLock,
  reserve: { file: string; bytes: number },
  fallBack: () => void,
): { stop(): Promise<void> } {
  const libsql = createRequire(import.meta.url).resolve('libsql');
  const { passiveFrom, truncateFrom } = walLimits(path.dirname(file));
  const calls = nativeCallsWord();
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: {
      file,
      libsql,
      lock: threadLock.buffer,
      calls: calls.buffer,
      holder: CHECKPOINTER_HOLDER,
      reserve,
      everyMs: EVERY_MS,
      passiveFrom,
      truncateFrom,
    },
  });
  // Never what keeps a process alive; a process that exits without closing the store loses nothing (the WAL is the record).
  worker.unref();
  let stopped = false;
  let failedOnce = false;
  /** `why` the thread is gone, said once to the operator unless it was stopped: the store keeps working. */
  const failed = (why: string) => {
    if (stopped || failedOnce) return;
    failedOnce = true;
    console.error(
      `creditscope: the SQLite checkpointer's thread ${why}; SQLite checkpoints in its commits from now on`,
    );
    fallBack();
  };
  worker.once('error', (error) => failed(`failed: ${error.message}`));
  worker.once('exit', () => {
    calls.release();
    // A thread that ended mid-checkpoint must not leave this process's writers waiting for it.
    threadLock.releaseFor(CHECKPOINTER_HOLDER);
    failed('ended');
  });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        stopped = true;
        if (worker.threadId === -1) return resolve();
        worker.once('exit', () => resolve());
        // Held until it has closed its connection: an unreferenced thread would let the process end mid-close.
        worker.ref();
        worker.postMessage('stop');
      }),
  };
}
