import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Migration 2026-11-23-004 (listed in migrations.ts; released, so never edited): every post and search result
 * of the archive, one row each, with the database's own full-text index over it. SQLite (libsql) gets an FTS5
 * table kept in step by triggers, PostgreSQL a generated tsvector with a GIN index; the rest is one schema.
 */
export const archivePostsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('archive_posts')
      // An integer key that sorts as post times do: FTS5's external content, the order and the cursor use it.
      .addColumn('id', postgres ? 'bigserial' : 'integer', (c) => c.primaryKey())
      .addColumn('page_key', 'text', (c) => c.notNull())
      .addColumn('purchase_id', 'text', (c) => c.notNull())
      .addColumn('bought_at', 'text', (c) => c.notNull())
      .addColumn('operation', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('post_id', 'text')
      .addColumn('author', 'text')
      .addColumn('shown_author', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('extra', 'text', (c) => c.notNull())
      .addColumn('hashtags', 'text', (c) => c.notNull())
      .addColumn('mentions', 'text', (c) => c.notNull())
      .addColumn('domains', 'text', (c) => c.notNull())
      .addColumn('has_media', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('archive_posts_page').on('archive_posts').column('page_key').execute();
    // Ids sort as post times do (server/archive-search/post-ids.ts), so newest-first needs no index of its own.
    await db.schema.createIndex('archive_posts_author').on('archive_posts').columns(['author', 'id']).execute();
    await db.schema
      .createIndex('archive_posts_shown_author')
      .on('archive_posts')
      .columns(['shown_author', 'id'])
      .execute();
    // Which archived pages are not indexed yet, read from indexes alone: an archive row's body can be megabytes.
    await db.schema.createIndex('archive_page_purchase').on('archive').columns(['page_key', 'purchase_id']).execute();
    // Which purchase of each page is indexed: a page bought again replaces its archive row, and so its posts.
    await db.schema
      .createTable('archive_indexed')
      .addColumn('page_key', 'text', (c) => c.primaryKey())
      .addColumn('purchase_id', 'text', (c) => c.notNull())
      .execute();
    if (postgres) {
      // 'simple': posts come in every language, so no stemming; ASCII punctuation split first, as FTS5's
      // unicode61 splits it (PostgreSQL's parser would keep example.org or ada_l as one token).
      await sql`alter table archive_posts add column search tsvector generated always as
        (to_tsvector('simple', regexp_replace(text || ' ' || extra, '[[:punct:]]+', ' ', 'g'))) stored`.execute(db);
      await sql`create index archive_posts_search on archive_posts using gin (search)`.execute(db);
      return;
    }
    await sql`create virtual table archive_posts_fts using fts5(text, extra, content='archive_posts', content_rowid='id', tokenize='unicode61 remove_diacritics 2')`.execute(
      db,
    );
    await sql`create trigger archive_posts_fts_insert after insert on archive_posts begin
      insert into archive_posts_fts(rowid, text, extra) values (new.id, new.text, new.extra); end`.execute(db);
    await sql`create trigger archive_posts_fts_delete after delete on archive_posts begin
      insert into archive_posts_fts(archive_posts_fts, rowid, text, extra) values ('delete', old.id, old.text, old.extra); end`.execute(
      db,
    );
  },
};
