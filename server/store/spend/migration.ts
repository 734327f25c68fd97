import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Database } from '../schema.ts';
import { spendSubject } from './subject.ts';

const BATCH = 500;

/**
 * Migration 2026-11-25-005 (listed in migrations.ts; released, so never edited): what each ledger row was about
 * (`subject`: handle or query) and which collection job journalled it (`job_id`), so the spend breakdown
 * (reads/spend.ts) is one GROUP BY; an index on `at` for its periods; and the alerts a person sets.
 */
export const spendMigration: Migration = {
  async up(untyped: Kysely<unknown>) {
    await untyped.schema.alterTable('purchases').addColumn('subject', 'text').execute();
    await untyped.schema.alterTable('purchases').addColumn('job_id', 'text').execute();
    await untyped.schema.createIndex('purchases_at').on('purchases').column('at').execute();
    await untyped.schema
      .createTable('spend_alerts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('threshold', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('fired_for', 'text')
      .addColumn('fired_at', 'text')
      .execute();
    const db = untyped as unknown as Kysely<Database>;
    // Rows journalled before: their subject from their parameters, in batches (a ledger can be long).
    for (let after = -1; ;) {
      const rows = await db
        .selectFrom('purchases')
        .select(['id', 'seq', 'operation', 'params'])
        .where('seq', '>', after)
        .orderBy('seq')
        .limit(BATCH)
        .execute();
      for (const row of rows) {
        const subject = spendSubject(row.operation, JSON.parse(row.params) as Record<string, unknown>);
        if (subject !== null) await db.updateTable('purchases').set({ subject }).where('id', '=', row.id).execute();
      }
      if (rows.length < BATCH) break;
      after = Number(rows[rows.length - 1]!.seq);
    }
    // A job's earlier purchases: the pages it bought itself (not those the archive served it).
    const bought = await db
      .selectFrom('job_pages')
      .select(['purchase_id', 'job_id'])
      .where('from_archive', '=', 0)
      .execute();
    for (const page of bought)
      await db
        .updateTable('purchases')
        .set({ job_id: page.job_id })
        .where('id', '=', page.purchase_id)
        .where('job_id', 'is', null)
        .execute();
  },
};
