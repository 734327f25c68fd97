import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Watches (#37, listed in server/store/migrations.ts; released, so never edited): a watch, its runs (one row per
 * due time: the UNIQUE (watch_id, due_at) key is the claim, so any number of processes on one store run each due
 * time once) and the items its runs found (one per watch and post id or result url: what it has seen before).
 * Each ledger row a watch's run journalled names it (`purchases.watch_id`), for its cap and the spend by watch.
 */
export const watchesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('watches')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner', 'text')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('schedule', 'text', (c) => c.notNull())
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('cap_credits', 'text', (c) => c.notNull())
      .addColumn('cap_per', 'text', (c) => c.notNull())
      .addColumn('match', 'text', (c) => c.notNull())
      .addColumn('pages_per_run', 'integer', (c) => c.notNull())
      .addColumn('paused', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('next_due_at', 'text')
      .execute();
    await db.schema.createIndex('watches_next_due').on('watches').columns(['paused', 'next_due_at']).execute();
    await db.schema.createIndex('watches_owner').on('watches').column('owner').execute();
    await db.schema
      .createTable('watch_runs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('watch_id', 'text', (c) => c.notNull())
      .addColumn('due_at', 'text', (c) => c.notNull())
      .addColumn('trigger', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .addColumn('calls', 'integer', (c) => c.notNull())
      .addColumn('credits', 'text', (c) => c.notNull())
      .addColumn('new_items', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('owner', 'text', (c) => c.notNull())
      .addColumn('lease_until', 'text', (c) => c.notNull())
      .addUniqueConstraint('watch_runs_due', ['watch_id', 'due_at'])
      .execute();
    await db.schema.createIndex('watch_runs_state').on('watch_runs').column('state').execute();
    // A watch's runs, newest first (its last run on every list, its runs page).
    await db.schema.createIndex('watch_runs_started').on('watch_runs').columns(['watch_id', 'started_at']).execute();
    // One run of a watch going at a time, whichever processes claim (a due time and a run now alike).
    await db.schema
      .createIndex('watch_runs_one_running')
      .on('watch_runs')
      .column('watch_id')
      .unique()
      .where(sql.ref('state'), '=', sql.lit('running'))
      .execute();
    await db.schema
      .createTable('watch_items')
      .addColumn('watch_id', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('run_id', 'text', (c) => c.notNull())
      .addColumn('found_at', 'text', (c) => c.notNull())
      .addColumn('seen_at', 'text')
      .addColumn('matched', 'integer', (c) => c.notNull())
      .addColumn('preview', 'text', (c) => c.notNull())
      .addColumn('link', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('watch_items_pk', ['watch_id', 'key'])
      .execute();
    await db.schema.createIndex('watch_items_unseen').on('watch_items').columns(['watch_id', 'seen_at']).execute();
    await db.schema.alterTable('purchases').addColumn('watch_id', 'text').execute();
    await db.schema.createIndex('purchases_watch_at').on('purchases').columns(['watch_id', 'at']).execute();
  },
};
