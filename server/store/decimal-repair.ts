import Big from 'big.js';
import type { Kysely } from 'kysely';
import { DECIMAL } from '../../src/contract/decimal.ts';
import type { Db } from './open.ts';
import type { Database } from './schema.ts';

/**
 * The stored form of a decimal setting: plain digits (big.js toFixed, never "1e-7"), or null when the value
 * is no non-negative number at all. Unchanged when it is already so.
 */
export function storedDecimal(value: string): string | null {
  if (DECIMAL.test(value)) return new Big(value).toFixed();
  try {
    const parsed = new Big(value);
    return parsed.lt(0) ? null : parsed.toFixed();
  } catch {
    return null;
  }
}

/** A value that needs writing again: its stored form differs (null: it cannot be read as a decimal at all). */
const needsRepair = (value: string | null): value is string => value !== null && storedDecimal(value) !== value;

/**
 * Puts every decimal setting the store holds into its stored form, at every start and on both databases, so
 * a value written before the shared rule (src/contract/decimal.ts), or by hand, cannot blank a page: a limit
 * kept as "1e-7" became every /api/_session answer's, which the browser could not read. The personal limits
 * (every `personal_limit…` key), people's own limits and learnt prices are rewritten plain; one that is no
 * number at all is cleared (a limit) or removed (an alert). A few rows at most: nothing to do, one read each.
 * Returns how many values were repaired.
 */
export async function repairStoredDecimals(db: Db): Promise<number> {
  return db.write(async (trx) => {
    let repaired = 0;
    const settings = await trx
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('key', 'like', 'personal_limit%')
      .execute();
    for (const row of settings.filter((setting) => needsRepair(setting.value))) {
      await trx
        .updateTable('settings')
        .set({ value: storedDecimal(row.value!) })
        .where('key', '=', row.key)
        .execute();
      repaired += 1;
    }
    repaired += await repairPeople(trx);
    const alerts = await trx.selectFrom('spend_alerts').select(['id', 'threshold']).execute();
    for (const alert of alerts.filter((row) => needsRepair(row.threshold))) {
      const threshold = storedDecimal(alert.threshold);
      const query =
        threshold === null
          ? trx.deleteFrom('spend_alerts').where('id', '=', alert.id)
          : trx.updateTable('spend_alerts').set({ threshold }).where('id', '=', alert.id);
      await query.execute();
      repaired += 1;
    }
    const prices = await trx.selectFrom('prices').select(['operation', 'last', 'highest']).execute();
    for (const price of prices.filter((row) => needsRepair(row.last) || needsRepair(row.highest))) {
      // A learnt price nobody can read is dropped: the next charged call teaches it again.
      const [last, highest] = [storedDecimal(price.last), storedDecimal(price.highest)];
      const query =
        last === null || highest === null
          ? trx.deleteFrom('prices').where('operation', '=', price.operation)
          : trx.updateTable('prices').set({ last, highest }).where('operation', '=', price.operation);
      await query.execute();
      repaired += 1;
    }
    return repaired;
  });
}

async function repairPeople(trx: Kysely<Database>): Promise<number> {
  const people = await trx.selectFrom('people').select(['name', 'limit_credits']).execute();
  const broken = people.filter((person) => needsRepair(person.limit_credits));
  for (const person of broken) {
    const credits = storedDecimal(person.limit_credits!);
    await trx
      .updateTable('people')
      .set(credits === null ? { limit_credits: null, limit_period: null } : { limit_credits: credits })
      .where('name', '=', person.name)
      .execute();
  }
  return broken.length;
}
