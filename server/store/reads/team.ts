import type { Kysely } from 'kysely';
import type { TeamSpend } from '../../../src/contract/session.ts';
import type { Database } from '../schema.ts';
import { periodScope, personScope, readTotals, type Period } from '../totals.ts';

/**
 * The team's spend in the operator's period (what CREDIT_LIMIT counts), labelled as the team's beside each
 * person's own numbers (#33); with `byPerson`, each person's share too (an admin's view). Every figure is a totals
 * scope: O(1) per person, whatever the ledger's size.
 */
export async function readTeamSpend(
  db: Kysely<Database>,
  period: Period,
  byPerson: boolean,
  now = new Date(),
): Promise<TeamSpend> {
  const team = await readTotals(db, periodScope(period, now));
  if (!byPerson) return { period, spent: team.spent, calls: team.calls, byPerson: null };
  // Everyone who may have spent: a removed person keeps their row, and their spend stays theirs.
  const people = await db.selectFrom('people').select('name').orderBy('name').execute();
  const shares = await Promise.all(
    people.map(async ({ name }) => {
      const own = await readTotals(db, personScope(name, period, now));
      return { name, spent: own.spent, calls: own.calls };
    }),
  );
  return {
    period,
    spent: team.spent,
    calls: team.calls,
    byPerson: shares.filter((share) => share.calls > 0 || /[1-9]/.test(share.spent)),
  };
}
