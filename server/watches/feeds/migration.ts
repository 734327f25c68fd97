import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Feed keys (#37 part 4, listed in server/store/migrations.ts): one private key a holder, the only credential of
 * their feeds' addresses. `holder` is a person's name, or '' where nobody signs in (the server's one key).
 * A reset replaces the row's key, so the old addresses stop answering.
 */
export const feedKeysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('feed_keys')
      .addColumn('holder', 'text', (c) => c.primaryKey())
      .addColumn('key', 'text', (c) => c.notNull().unique())
      .addColumn('made_at', 'text', (c) => c.notNull())
      .execute();
  },
};
