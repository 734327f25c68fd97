import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'libsql';
import { Kysely, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, expect, it } from 'vitest';
import { migrationProvider } from '../migrations.ts';
import type { Database } from '../schema.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const row = (id: string, seq: number, operation: string, params: object) => ({
  id,
  seq,
  at: '2026-11-20T10:00:00.000Z',
  session_id: 's',
  operation,
  params: JSON.stringify(params),
  page_key: id,
  state: 'settled' as const,
  reserved: '0',
  lease_until: '2026-11-20T10:00:00.000Z',
  owner: 'test',
  status: 200,
  credits: '0.1',
  duration_ms: 1,
  ok: 1,
  charged: 'yes',
  attempts: '[]',
  error_kind: null,
});

it('migration 005 names what the rows of a store from before it were about, and the jobs that bought them', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-spend-migration-'));
  dirs.push(dir);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new Sqlite(path.join(dir, 'db')) as never }),
  });
  const migrator = new Migrator({ db, provider: migrationProvider });
  expect((await migrator.migrateTo('2026-11-23-004-archive-posts')).error).toBeUndefined();
  // As an earlier version wrote them: no subject, no job.
  await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
    .insertInto('purchases')
    .values([
      row('a', 1, 'timeline', { screen_name: 'Ada' }),
      row('b', 2, 'timeline', { rest_id: '1002', cursor: 'x' }),
      row('c', 3, 'search', { q: '  rust   async ', num: 10, page: '1' }),
      row('d', 4, 'timeline', { screen_name: 'linus' }),
    ])
    .execute();
  await db
    .insertInto('job_pages')
    .values([
      {
        job_id: 'job-1',
        position: 0,
        page_index: 0,
        page_key: 'd',
        purchase_id: 'd',
        from_archive: 0,
        posts: 20,
        credits: '0.1',
        at: '',
      },
      // Served free from the archive: the purchase was someone else's.
      {
        job_id: 'job-2',
        position: 0,
        page_index: 0,
        page_key: 'a',
        purchase_id: 'a',
        from_archive: 1,
        posts: 20,
        credits: '0',
        at: '',
      },
    ])
    .execute();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const rows = await db.selectFrom('purchases').select(['id', 'subject', 'job_id']).orderBy('seq').execute();
  expect(rows).toEqual([
    { id: 'a', subject: 'ada', job_id: null },
    { id: 'b', subject: '#1002', job_id: null },
    { id: 'c', subject: 'rust async', job_id: null },
    { id: 'd', subject: 'linus', job_id: 'job-1' },
  ]);
  await db.destroy();
});
