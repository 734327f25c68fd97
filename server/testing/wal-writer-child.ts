import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { CHECKPOINTER_HOLDER } from '../store/checkpointer.ts';
import { openDb } from '../store/open.ts';

/**
 * A script's process on a SQLite store (as the CLIs are): nothing but its own writes keeps its event loop busy.
 * Writes rows of 256 KB, one transaction each with a moment between, to the store in `dataDir` (argv) until the
 * store's checkpointer thread has folded the WAL back `foldings` times (or `most` rows); then closes the store
 * and prints one JSON line: the rows written and the foldings seen. With `exit` as its fourth argument, it
 * instead exits (process.exit(0), the store left open) as soon as it finds the checkpointer folding the WAL back.
 */
const [dataDir = '', foldings = '3', most = '1000', then = 'close'] = process.argv.slice(2);
const ROW = Buffer.alloc(256 * 1024, 7);
const wal = path.join(dataDir, 'creditscope.db-wal');
const walSize = () => (fs.existsSync(wal) ? fs.statSync(wal).size : 0);

const db = await openDb({ dataDir, databaseUrl: null });
await sql`create table scratch (body blob not null)`.execute(db.kysely);
let written = 0;
let foldedBack = 0;
for (let before = walSize(); foldedBack < Number(foldings) && written < Number(most);) {
  await db.write((trx) => sql`insert into scratch (body) values (${ROW})`.execute(trx));
  written += 1;
  const after = walSize();
  if (after < before) foldedBack += 1;
  before = after;
  // A script's pause between two writes (its next input, a computation): the checkpointer's turn at the lock.
  await sleep(1);
  // Holding the thread lock, the checkpointer is in (or about to be in) libsql, cutting the WAL back.
  if (then === 'exit' && Atomics.load(new Int32Array(db.threadLock!.buffer), 0) === CHECKPOINTER_HOLDER) {
    process.stdout.write(`${JSON.stringify({ written, exited: 'in a checkpoint' })}\n`);
    process.exit(0);
  }
}
await db.close();
process.stdout.write(`${JSON.stringify({ written, foldedBack })}\n`);
