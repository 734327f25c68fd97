import Big from 'big.js';
import { heldBy } from '../../budget/figures.ts';
import type { Operation } from '../../ledger/rows.ts';
import { highestPrices } from '../budget-figures.ts';
import type { Db } from '../open.ts';
import { processGone } from '../owner.ts';
import { addToTotals, scopesOf } from '../totals.ts';

/**
 * Pending rows that can no longer be in flight (their process on this host is gone, or their lease
 * ran out) may have been charged: they become rows "outcome unknown" at the price they hold (what the
 * budget counted for them while pending), counted in the budget until the operator clears them.
 */
export function settleAbandoned(db: Db): Promise<number> {
  return db.write(async (trx) => {
    const now = new Date().toISOString();
    const pending = await trx.selectFrom('purchases').selectAll().where('state', '=', 'pending').execute();
    const abandoned = pending.filter((row) => row.lease_until <= now || processGone(row.owner));
    const highest = await highestPrices(trx);
    for (const row of abandoned) {
      const credits = heldBy(row, highest);
      await trx
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
        .execute();
      await addToTotals(trx, scopesOf(new Date(row.at), row.session_id, row.person), {
        operation: row.operation as Operation,
        credits,
        calls: 1,
        freeCalls: 0,
      });
    }
    return abandoned.length;
  });
}

/** The operator's release of unknown outcomes from the budget periods (`npm run ledger -- clear-unknown`); the session views keep them. */
export function clearUnknownOutcomes(db: Db): Promise<number> {
  return db.write(async (trx) => {
    const unknown = await trx.selectFrom('purchases').selectAll().where('state', '=', 'unknown').execute();
    for (const row of unknown) {
      await trx.updateTable('purchases').set({ state: 'cleared' }).where('id', '=', row.id).execute();
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
    return unknown.length;
  });
}
