import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Webhooks of watches (#37 part 4, listed in server/store/migrations.ts; once released, never edited):
 * - `watch_webhooks`: where to POST, one row per scope: `watch:<id>` (one watch's) or `person:<name>` (all of
 *   a person's watches; `person:` where nobody signs in), with the secret the server generated for signing.
 * - `watch_deliveries`: one row per (run, webhook): the UNIQUE key makes N processes create it once; the body is
 *   fixed when it is created (every retry sends the same bytes under the same id); `lease_owner`/`lease_until`
 *   is the claim that makes one process send each attempt, as watch_runs' claim makes one process run a due time.
 */
export const watchWebhooksMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('watch_webhooks')
      .addColumn('scope', 'text', (c) => c.primaryKey())
      .addColumn('watch_id', 'text')
      .addColumn('person', 'text')
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('watch_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('run_id', 'text', (c) => c.notNull())
      .addColumn('watch_id', 'text', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('items', 'integer', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('next_attempt_at', 'text')
      .addColumn('last_attempt_at', 'text')
      .addColumn('last_status', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', 'text')
      .addUniqueConstraint('watch_deliveries_once', ['run_id', 'scope'])
      .execute();
    // What is due to send (pending, by its next attempt), and a watch's deliveries newest first.
    await db.schema
      .createIndex('watch_deliveries_due')
      .on('watch_deliveries')
      .columns(['state', 'next_attempt_at'])
      .execute();
    await db.schema
      .createIndex('watch_deliveries_watch')
      .on('watch_deliveries')
      .columns(['watch_id', 'created_at'])
      .execute();
  },
};
