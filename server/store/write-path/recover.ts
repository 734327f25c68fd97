import Big from 'big.js';
import { heldBy } from '../../budget/figures.ts';
import type { Operation } from '../../ledger/rows.ts';
import { highestPrices } from '../budget-figures.ts';
import type { Db } from '../open.ts';
import { processGone } from '../owner.ts';
import { addToTotals, scopesOf, toNano, TotalsChanges } from '../totals.ts';

/**
 * Pending rows that can no longer be in flight (their process on this host is gone, or their lease
 * ran out) may have been charged: they become rows "outcome unknown" at the price they hold (what the
 * budget counted for them while pending), counted in the budget until the operator clears them. A job's
 * such call counts in the job's spend too, in the same commit, so the quote its creator accepted holds
 * whatever the upstream did with it (the job buys that page again, and stops at its quote).
 */
export function settleAbandoned(db: Db): Promise<number> {
  return db.write(async (trx) => {
    const now = new Date().toISOString();
    const pending = await trx.selectFrom('purchases').selectAll().where('state', '=', 'pending').execute();
    const abandoned = pending.filter((row) => row.lease_until <= now || processGone(row.owner));
    const highest = await highestPrices(trx);
    // Added up and written once, after the rows: the totals rows are taken last, as a settlement takes them.
    const booked = new TotalsChanges();
    let count = 0;
    for (const row of abandoned) {
      const credits = heldBy(row, highest);
      // Only as just read: settled meanwhile by a process still alive past its lease (settlements take no lock of
      // this one's), or holding more since, it is left to that settlement, or to the next start.
      const updated = await trx
        .updateTable('purchases')
        .set({
          state: 'unknown',
          credits,
          reserved: '0',
          charged: 'unknown',
          error_kind: 'outcome_unknown',
          attempts: JSON.stringify([{ at: row.at, status: 0, durationMs: 0, credits, charged: 'unknown' }]),
        })
        .where('id', '=', row.id)
        .where('state', '=', 'pending')
        .where('reserved', '=', row.reserved)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) continue;
      count += 1;
      if (row.job_id !== null && toNano(credits) !== 0)
        await trx
          .updateTable('jobs')
          .set((eb) => ({ spent_nano: eb('spent_nano', '+', toNano(credits)) }))
          .where('id', '=', row.job_id)
          .execute();
      // Booked at what it held, which it holds no more.
      booked.add(scopesOf(new Date(row.at), row.session_id, row.person), {
        operation: row.operation as Operation,
        credits,
        calls: 1,
        freeCalls: 0,
        reserved: new Big(row.reserved).neg().toString(),
      });
    }
    await booked.apply(trx);
    return count;
  });
}

/** The operator's release of unknown outcomes from the budget periods (`npm run ledger -- clear-unknown`); the session views keep them. */
export function clearUnknownOutcomes(db: Db): Promise<number> {
  return db.write(async (trx) => {
    const unknown = await trx.selectFrom('purchases').selectAll().where('state', '=', 'unknown').execute();
    let cleared = 0;
    for (const row of unknown) {
      // Settled meanwhile by its own process (settlements take no lock of this one's): its outcome is known now.
      const updated = await trx
        .updateTable('purchases')
        .set({ state: 'cleared' })
        .where('id', '=', row.id)
        .where('state', '=', 'unknown')
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) continue;
      cleared += 1;
      const budgetScopes = scopesOf(new Date(row.at), row.session_id, row.person).filter(
        (scope) => !scope.startsWith('session:'),
      );
      await addToTotals(trx, budgetScopes, {
        operation: row.operation as Operation,
        credits: new Big(row.credits).neg().toString(),
        calls: -1,
        freeCalls: 0,
      });
    }
    return cleared;
  });
}
