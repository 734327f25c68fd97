import { PostgresAdapter, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Migration 2026-11-27-search-001 (listed in server/store/migrations.ts; never edited once released): each
 * indexed post keeps its own upstream JSON (archive_post_items, by archive_posts' id), so a find draws its 20 cards from the 20 rows it read instead of
 * reading and parsing every archived page they came from (about 50 KB each: 14 of a find's 25 ms). Rows
 * indexed before it have none and are drawn from the archive as before (cards.ts).
 */
const postgresOrSqliteKey = (db: Kysely<unknown>) =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'bigint' : 'integer';

export const archivePostsItemMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // A table of its own: in archive_posts the items (~2.5 KB each) made every row a counting find or a filter
    // scans read several times larger (at 100,000 posts a find's median went from 44 to 169 ms).
    await db.schema
      .createTable('archive_post_items')
      .addColumn('id', postgresOrSqliteKey(db), (c) => c.primaryKey())
      .addColumn('item', 'text', (c) => c.notNull())
      .execute();
  },
};
