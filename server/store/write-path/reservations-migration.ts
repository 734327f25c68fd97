import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { heldBy } from '../../budget/figures.ts';
import type { Operation } from '../../ledger/rows.ts';
import { highestPrices } from '../budget-figures.ts';
import type { Database } from '../schema.ts';
import { scopesOf, TotalsChanges } from '../totals.ts';

/**
 * totals.reserved_nano: what each scope's pending calls hold. Calls pending when the store is migrated are counted
 * in it at what they hold now (their reservation, or a price learnt since when higher), and their rows say so.
 */
export const reservationsMigration: Migration = {
  async up(untyped: Kysely<unknown>) {
    await untyped.schema
      .alterTable('totals')
      .addColumn('reserved_nano', 'bigint', (column) => column.notNull().defaultTo(0))
      .execute();
    const db = untyped as Kysely<Database>;
    const pending = await db
      .selectFrom('purchases')
      .select(['id', 'at', 'session_id', 'person', 'operation', 'reserved'])
      .where('state', '=', 'pending')
      .execute();
    if (pending.length === 0) return;
    const highest = await highestPrices(db);
    const held = new TotalsChanges();
    for (const row of pending) {
      const holds = heldBy(row, highest);
      if (holds !== row.reserved)
        await db.updateTable('purchases').set({ reserved: holds }).where('id', '=', row.id).execute();
      held.add(scopesOf(new Date(row.at), row.session_id, row.person), {
        operation: row.operation as Operation,
        credits: '0',
        calls: 0,
        freeCalls: 0,
        reserved: holds,
      });
    }
    await held.apply(db);
  },
};
