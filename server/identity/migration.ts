import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** People, their sign-ins, invites, keys, throttling and audit (tables.ts), and `person` on what is bought. */
export const peopleMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('people')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('limit_credits', 'text')
      .addColumn('limit_period', 'text')
      .addColumn('password_hash', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('removed_at', 'text')
      .execute();
    await db.schema
      .createTable('sign_ins')
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('person', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sign_ins_person').on('sign_ins').column('person').execute();
    await db.schema
      .createTable('invites')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('person', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('person', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema
      .createTable('sign_in_failures')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('first_at', 'text', (c) => c.notNull())
      .addColumn('locked_until', 'text')
      .execute();
    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('subject', 'text')
      .addColumn('detail', 'text')
      .execute();
    await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
    await db.schema.alterTable('purchases').addColumn('person', 'text').execute();
    await db.schema.alterTable('jobs').addColumn('person', 'text').execute();
    await db.schema.alterTable('archive').addColumn('person', 'text').execute();
    await db.schema.createIndex('purchases_person_seq').on('purchases').columns(['person', 'seq']).execute();
  },
};
