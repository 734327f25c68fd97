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
