import type { Kysely } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely/migration';
import { archivePostsMigration } from './archive-posts-migration.ts';
import { archivePostsItemMigration } from '../archive-search/item-migration.ts';
import { spendMigration } from './spend/migration.ts';
import { peopleMigration } from '../identity/migration.ts';
import { watchesMigration } from '../watches/migration.ts';
import { feedKeysMigration } from '../watches/feeds/migration.ts';
import { watchWebhooksMigration } from '../watches/webhooks-migration.ts';
import { reservationsMigration } from './write-path/reservations-migration.ts';

/** Versioned, append-only: a released migration is never edited, a change is a new entry. */
const migrations: Record<string, Migration> = {
  '2026-11-23-001-store': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_started_at').on('sessions').column('started_at').execute();
      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text')
        .execute();
      await db.schema
        .createTable('purchases')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('seq', 'bigint', (c) => c.notNull().unique())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addColumn('operation', 'text', (c) => c.notNull())
        .addColumn('params', 'text', (c) => c.notNull())
        .addColumn('page_key', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('reserved', 'text', (c) => c.notNull())
        .addColumn('lease_until', 'text', (c) => c.notNull())
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('credits', 'text', (c) => c.notNull())
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('ok', 'integer', (c) => c.notNull())
        .addColumn('charged', 'text', (c) => c.notNull())
        .addColumn('attempts', 'text', (c) => c.notNull())
        .addColumn('error_kind', 'text')
        .execute();
      await db.schema.createIndex('purchases_state').on('purchases').column('state').execute();
      await db.schema.createIndex('purchases_session_seq').on('purchases').columns(['session_id', 'seq']).execute();
      await db.schema.createIndex('purchases_page_key').on('purchases').columns(['page_key', 'state']).execute();
      await db.schema
        .createTable('totals')
        .addColumn('scope', 'text', (c) => c.primaryKey())
        .addColumn('calls', 'integer', (c) => c.notNull())
        .addColumn('failed_free', 'integer', (c) => c.notNull())
        .addColumn('spent_nano', 'bigint', (c) => c.notNull())
        .addColumn('timeline_calls', 'integer', (c) => c.notNull())
        .addColumn('timeline_nano', 'bigint', (c) => c.notNull())
        .addColumn('search_calls', 'integer', (c) => c.notNull())
        .addColumn('search_nano', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('prices')
        .addColumn('operation', 'text', (c) => c.primaryKey())
        .addColumn('last', 'text', (c) => c.notNull())
        .addColumn('highest', 'text', (c) => c.notNull())
        .addColumn('highest_nano', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('archive')
        .addColumn('page_key', 'text', (c) => c.primaryKey())
        .addColumn('operation', 'text', (c) => c.notNull())
        .addColumn('params', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('bought_at', 'text', (c) => c.notNull())
        .addColumn('purchase_id', 'text', (c) => c.notNull())
        .addColumn('credits', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('archive_bought_at').on('archive').column('bought_at').execute();
      await db.schema.createIndex('archive_subject').on('archive').columns(['operation', 'subject']).execute();
      await db.schema
        .createTable('accounts')
        .addColumn('rest_id', 'text', (c) => c.primaryKey())
        .addColumn('handle', 'text', (c) => c.notNull())
        .execute();
    },
  },
  // The request inspector reads a call's rate-limit and content-type headers from its row, whichever process made it.
  '2026-11-23-002-purchase-response-headers': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('purchases').addColumn('response_headers', 'text').execute();
      // The inspector finds a call's archived answer by its purchase: without this, a scan of every archived page.
      await db.schema.createIndex('archive_purchase_id').on('archive').column('purchase_id').execute();
    },
  },
  // Collection jobs (server/jobs): a job, its items (one handle or search each) and every page each item obtained.
  '2026-11-23-003-jobs': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('stop_reason', 'text')
        .addColumn('stop_message', 'text')
        .addColumn('spec', 'text', (c) => c.notNull())
        .addColumn('quote_max_credits', 'text', (c) => c.notNull())
        .addColumn('spent_nano', 'bigint', (c) => c.notNull())
        .addColumn('concurrency', 'integer', (c) => c.notNull())
        .addColumn('owner', 'text')
        .addColumn('lease_until', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('jobs_status').on('jobs').column('status').execute();
      await db.schema
        .createTable('job_items')
        .addColumn('job_id', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('pages_done', 'integer', (c) => c.notNull())
        .addColumn('pages_planned', 'integer', (c) => c.notNull())
        .addColumn('posts', 'integer', (c) => c.notNull())
        .addColumn('credits', 'text', (c) => c.notNull())
        .addColumn('pages_from_archive', 'integer', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('cursor', 'text')
        .addColumn('pending_key', 'text')
        .addColumn('pending_since', 'text')
        .addPrimaryKeyConstraint('job_items_pk', ['job_id', 'position'])
        .execute();
      await db.schema
        .createTable('job_pages')
        .addColumn('job_id', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('page_index', 'integer', (c) => c.notNull())
        .addColumn('page_key', 'text', (c) => c.notNull())
        .addColumn('purchase_id', 'text', (c) => c.notNull())
        .addColumn('from_archive', 'integer', (c) => c.notNull())
        .addColumn('posts', 'integer', (c) => c.notNull())
        .addColumn('credits', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('job_pages_pk', ['job_id', 'position', 'page_index'])
        .execute();
      await db.schema.createIndex('job_pages_page_key').on('job_pages').column('page_key').execute();
    },
  },
  // Free full-text search and per-handle statistics over everything bought (server/archive-search).
  '2026-11-23-004-archive-posts': archivePostsMigration,
  // Where the credits went (server/store/reads/spend.ts) and the alerts a person sets (server/store/spend/alerts.ts).
  '2026-11-25-005-spend': spendMigration,
  // People on a shared server (#28, server/identity/): who signs in, their sessions, invites, keys, throttling,
  // the admins' audit log; and who bought each ledger row, job and archived page (null: nobody signed in).
  '2026-11-25-006-people': peopleMigration,
  // The meter's pace reads the session's last 15 minutes (reads/ledger-reads.ts recentSpend) on every /api/_session:
  // by this index, the rows of those minutes only, not every row of the session.
  '2026-11-25-meter-001-purchases-session-at': {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('purchases_session_at').on('purchases').columns(['session_id', 'at']).execute();
    },
  },
  // Each person's own sessions and alerts (#33): a session belongs to whoever started it, an alert to whoever set
  // it (null: nobody signed in, loopback).
  '2026-11-27-person-001-sessions-person': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sessions').addColumn('person', 'text').execute();
      await db.schema
        .createIndex('sessions_person_started_at')
        .on('sessions')
        .columns(['person', 'started_at'])
        .execute();
      // A spend alert is its setter's, and watches their own session and day.
      await db.schema.alterTable('spend_alerts').addColumn('person', 'text').execute();
    },
  },
  // What calls in flight hold, kept on the limits' own rows beside their spend (#36): an admission reads both at once.
  '2026-11-27-reserve-001-totals-reserved': reservationsMigration,
  // A find's cards from the rows it reads (server/archive-search/item-migration.ts).
  '2026-11-27-search-001-archive-posts-item': archivePostsItemMigration,
  // Watches (#37, server/watches/migration.ts): watches, their runs claimed per due time, what they found; ledger rows name their watch.
  '2026-11-28-watch-001-watches': watchesMigration,
  // Atom feeds of watches (#37, server/watches/feeds/migration.ts): each holder's private feed key.
  '2026-11-28-watch-002-feed-keys': feedKeysMigration,
  // Watches' webhooks and their deliveries, claimed per attempt (server/watches/webhooks-migration.ts).
  '2026-11-28-watch-003-webhooks': watchWebhooksMigration,
};

export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };
