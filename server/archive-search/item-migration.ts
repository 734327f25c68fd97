import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Migration 2026-11-27-search-001 (listed in server/store/migrations.ts; never edited once released): each
 * indexed post keeps its own upstream JSON, so a find draws its 20 cards from the 20 rows it read instead of
 * reading and parsing every archived page they came from (about 50 KB each: 14 of a find's 25 ms). Rows
 * indexed before it have none (null) and are drawn from the archive as before (cards.ts).
 */
export const archivePostsItemMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('archive_posts').addColumn('item', 'text').execute();
  },
};
