import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const EVERY_MS = 200;
/** SQLite's default wal_autocheckpoint: 1,000 pages of 4 KB. */
const FROM_BYTES = 1000 * 4096;

// CommonJS run by the worker as is: no loader (tsx, Vitest) is needed inside it.
const WORKER = `
const fs = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const Sqlite = require(workerData.libsql);
const database = new Sqlite(workerData.file);
database.pragma('busy_timeout = 10000');
const timer = setInterval(() => {
  try {
    // From the size SQLite's own checkpoint waits for: a small store keeps the footprint it had.
    if (fs.statSync(workerData.file + '-wal').size >= workerData.fromBytes) database.pragma('wal_checkpoint(PASSIVE)');
  } catch { /* busy, or no WAL yet: the next tick tries again */ }
}, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); database.close(); parentPort.close(); });
`;

/**
 * Copies the WAL into the database file from a thread of its own, once the WAL has reached the size SQLite
 * would checkpoint at. Left to SQLite, a checkpoint runs inside whichever commit takes the WAL past 1,000
 * pages (every few dozen archived answers), with two fsyncs, on the event loop: profiled, that was most of
 * the time a paid call's commit blocked every other request. A passive checkpoint never blocks a writer or
 * a reader, and commits stay exactly as durable (synchronous=NORMAL: a commit is in the WAL in the OS
 * before it returns).
 *
 * `fallBack` gives the checkpoints back to SQLite's own (in the commit) if the thread cannot run.
 */
export function startCheckpointer(file: string, fallBack: () => void): { stop(): Promise<void> } {
  const libsql = createRequire(import.meta.url).resolve('libsql');
  const worker = new Worker(WORKER, { eval: true, workerData: { file, libsql, everyMs: EVERY_MS, fromBytes: FROM_BYTES } });
  // Never what keeps a process alive; a process that exits without closing the store loses nothing (the WAL is the record).
  worker.unref();
  let stopped = false;
  const failed = () => { if (!stopped) fallBack(); };
  worker.once('error', failed);
  worker.once('exit', failed);
  return {
    stop: () => new Promise<void>((resolve) => {
      stopped = true;
      if (worker.threadId === -1) return resolve();
      worker.once('exit', () => resolve());
      // Held until it has closed its connection: an unreferenced thread would let the process end mid-close.
      worker.ref();
      worker.postMessage('stop');
    }),
  };
}
