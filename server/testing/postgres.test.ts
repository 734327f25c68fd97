import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from './postgres.ts';

async function query<T extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

describe('throwaway PostgreSQL', () => {
  const adminUrl = inject('databaseUrl');

  it('gives a test file a database of its own, dropped even while a connection is still open', async () => {
    const db = await createTestDatabase(adminUrl);
    const name = new URL(db.url).pathname.slice(1);
    const open = new pg.Client({ connectionString: db.url });
    open.on('error', () => {});
    try {
      await query(db.url, 'CREATE TABLE note (id integer PRIMARY KEY, body text NOT NULL)');
      await query(db.url, 'INSERT INTO note VALUES ($1, $2)', [1, 'Ünïcode ✓']);
      expect(await query(db.url, 'SELECT id, body FROM note')).toEqual([{ id: 1, body: 'Ünïcode ✓' }]);
      await open.connect();
    } finally {
      await db.drop();
      await open.end().catch(() => {});
    }
    expect(await query(adminUrl, 'SELECT 1 FROM pg_database WHERE datname = $1', [name])).toEqual([]);
  });

  it.skipIf(process.env.TEST_DATABASE_URL)('listens on the loopback address only', async () => {
    expect(new URL(adminUrl).hostname).toBe('127.0.0.1');
    expect(await query(adminUrl, 'SHOW listen_addresses')).toEqual([{ listen_addresses: '127.0.0.1' }]);
  });
});
