import type { Kysely } from 'kysely';
import { pendingFigures, type BudgetFigures } from '../budget/figures.ts';
import type { Sessions } from './reads/sessions.ts';
import type { Database } from './schema.ts';
import type { Settings } from './settings.ts';
import { periodScope, readTotals, sessionScope, type Period } from './totals.ts';

/** The highest price any process has learnt, per operation. */
export async function highestPrices(db: Kysely<Database>): Promise<Map<string, string>> {
  const rows = await db.selectFrom('prices').select(['operation', 'highest']).execute();
  return new Map(rows.map((row) => [row.operation, row.highest]));
}

/** What the budget's rules (budget/limits.ts) decide from, as `db` sees the store: O(1) in the ledger's size. */
export async function readBudgetFigures(
  db: Kysely<Database>,
  parts: { period: Period; sessions: Sessions; settings: Settings },
): Promise<BudgetFigures> {
  const now = new Date();
  const session = await parts.sessions.current(db);
  const inPeriod = await readTotals(db, periodScope(parts.period, now));
  const inSession = await readTotals(db, sessionScope(session.id));
  const pending = await db
    .selectFrom('purchases')
    .select(['operation', 'reserved', 'lease_until'])
    .where('state', '=', 'pending')
    .execute();
  const personalLimit = await parts.settings.personalLimit(db);
  const highest = await highestPrices(db);
  return {
    spentInPeriod: inPeriod.spent,
    spentInSession: inSession.spent,
    sessionId: session.id,
    personalLimit,
    highest,
    ...pendingFigures(pending, highest, now),
  };
}
