import Big from 'big.js';
import { sql } from 'kysely';
import type { Limits } from '../budget/limits.ts';
import { heldBy } from '../budget/figures.ts';
import { highestPrices } from '../store/budget-figures.ts';
import type { Store } from '../store/store.ts';
import { newest } from '../store/reads/sessions.ts';
import { periodScope, personScope, readTotals, sessionScope } from '../store/totals.ts';
import type { LimitKind, StoreReadings } from './metrics.ts';

/** A watch table's rows counted by their `state` column. */
async function countsByState(
  db: Store['db']['kysely'],
  table: 'watch_runs' | 'watch_deliveries',
): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom(table)
    .select(['state', sql<string | number>`count(*)`.as('count')])
    .groupBy('state')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.state, Number(row.count)]));
}

const atLeastZero = (value: Big) => (value.lt(0) ? new Big(0) : value);

/**
 * The gauges' figures, read from the shared store at scrape time (reads only: a scrape never writes, never starts
 * a session). The store down is a reading too: store up 0, and no other figures rather than stale ones.
 */
export async function readStoreReadings(
  store: Store,
  limits: Limits,
  storeUp: () => Promise<boolean>,
): Promise<StoreReadings> {
  if (!(await storeUp())) return { storeUp: false, limitsLeft: {}, jobsByState: {} };
  const db = store.db.kysely;
  const now = new Date();
  const limitsLeft: Partial<Record<LimitKind, string>> = {};
  if (limits.operatorLimit !== null) {
    // As the journal weighs it: the period's spend and what every call in flight holds.
    const spent = (await readTotals(db, periodScope(limits.period, now))).spent;
    const highest = await highestPrices(db);
    const pending = await db
      .selectFrom('purchases')
      .select(['operation', 'reserved'])
      .where('state', '=', 'pending')
      .execute();
    const held = pending.reduce((sum, call) => sum.plus(heldBy(call, highest)), new Big(0));
    limitsLeft.operator = atLeastZero(new Big(limits.operatorLimit).minus(spent).minus(held)).toFixed();
  }
  // The session limits set from the browser (each person's own on their current session; nobody's in loopback).
  // The settings table is a handful of rows: filtered here rather than with LIKE, whose `_` is a wildcard.
  const sessionLimits = (await db.selectFrom('settings').select(['key', 'value']).execute()).filter(
    (setting) => setting.key === 'personal_limit' || setting.key.startsWith('personal_limit:'),
  );
  let leastInSession: Big | null = null;
  for (const setting of sessionLimits) {
    // One kept above today's operator limit is ignored by the journal, so here too.
    const limit = limits.effectivePersonal(setting.value);
    if (limit === null) continue;
    const who = setting.key === 'personal_limit' ? null : setting.key.slice('personal_limit:'.length);
    const session = await newest(db, who);
    const spent = session ? (await readTotals(db, sessionScope(session.id))).spent : '0';
    const left = atLeastZero(new Big(limit).minus(spent));
    if (leastInSession === null || left.lt(leastInSession)) leastInSession = left;
  }
  if (leastInSession !== null) limitsLeft.session = leastInSession.toFixed();
  // The people's own limits: the least left of any, so an alert can fire before someone is stopped (no names here).
  const people = await db
    .selectFrom('people')
    .select(['name', 'limit_credits', 'limit_period'])
    .where('removed_at', 'is', null)
    .where('limit_credits', 'is not', null)
    .execute();
  let least: Big | null = null;
  for (const person of people) {
    const spent = (await readTotals(db, personScope(person.name, person.limit_period ?? 'total', now))).spent;
    const left = atLeastZero(new Big(person.limit_credits!).minus(spent));
    if (least === null || left.lt(least)) least = left;
  }
  if (least !== null) limitsLeft.person = least.toFixed();
  const jobs = await db
    .selectFrom('jobs')
    .select(['status', sql<string | number>`count(*)`.as('count')])
    .groupBy('status')
    .execute();
  return {
    storeUp: true,
    limitsLeft,
    jobsByState: Object.fromEntries(jobs.map((row) => [row.status, Number(row.count)])),
    watchRunsByState: await countsByState(db, 'watch_runs'),
    webhookDeliveriesByState: await countsByState(db, 'watch_deliveries'),
  };
}
