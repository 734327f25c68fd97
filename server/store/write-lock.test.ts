import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import Sqlite from 'libsql';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { openRaw, scratchStore, type ScratchStore } from '../testing/store-reads.ts';

let place: ScratchStore | null = null;
afterEach(async () => {
  await place?.remove();
  place = null;
});

it('a write waits for the lock another connection holds without holding the event loop, and goes on once it is free', async () => {
  place = await scratchStore('sqlite');
  const db = await openRaw(place);
  const other = new Sqlite(path.join(place.dataDir, 'creditscope.db'));
  try {
    other.exec('begin exclusive');
    // Released by a timer of this very event loop: a write that waited inside SQLite would stop it firing.
    const released = performance.now() + 400;
    setTimeout(() => other.exec('rollback'), 400);
    await db.write((trx) => sql`select 1`.execute(trx));
    const waited = performance.now() - released;
    expect(waited).toBeGreaterThanOrEqual(-5);
    expect(waited).toBeLessThan(5_000);
  } finally {
    other.close();
    await db.close();
  }
});

it('opens while another process holds the write lock past busy_timeout, and its first write commits once it is free', async () => {
  place = await scratchStore('sqlite');
  await (await openRaw(place)).close();
  // Another process (an operator's shell, a script) holding the lock 11 s: longer than SQLite's own wait of 10 s.
  const holder = spawn(
    process.execPath,
    [
      '-e',
      `const db = new (require('libsql'))(process.argv[1]); db.exec('begin immediate'); console.log('held');
       setTimeout(() => { db.exec('rollback'); db.close(); }, 11_000);`,
      path.join(place.dataDir, 'creditscope.db'),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise((resolve) => holder.once('exit', resolve));
  await once(holder.stdout, 'data');
  try {
    // The refused first try of opening's own write left a statement in progress, and every COMMIT then failed.
    const db = await openRaw(place);
    try {
      await db.write((trx) => sql`insert into settings (key, value) values ('after-lock', '1')`.execute(trx));
    } finally {
      await db.close();
    }
  } finally {
    holder.kill();
    await exited;
  }
}, 40_000);
