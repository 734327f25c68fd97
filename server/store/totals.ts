import Big from 'big.js';
import type { Kysely } from 'kysely';
import type { Operation } from '../ledger/rows.ts';
import type { Database, TotalsTable } from './schema.ts';
import { LIMIT_PERIODS, type LimitPeriod } from '../../src/contract/person.ts';

export type Period = LimitPeriod;

/** The budget scope a time falls in, in UTC: 'all', 'day:2026-11-23' or 'month:2026-11'. */
export function periodScope(period: Period, at: Date): string {
  if (period === 'day') return `day:${at.toISOString().slice(0, 10)}`;
  if (period === 'month') return `month:${at.toISOString().slice(0, 7)}`;
  return 'all';
}

export const sessionScope = (sessionId: string) => `session:${sessionId}`;

/** A person's spend in a period's scope (#28): 'person:alice:day:2026-11-23'; their limit reads it in O(1). */
export const personScope = (person: string, period: Period, at: Date) => `person:${person}:${periodScope(period, at)}`;

/** Every scope one purchase at `at` counts in: the store's, its session's and, when someone bought it, its person's. */
export function scopesOf(at: Date, sessionId: string, person: string | null = null): string[] {
  const scopes = ['all', periodScope('day', at), periodScope('month', at), sessionScope(sessionId)];
  if (person !== null) scopes.push(...LIMIT_PERIODS.map((period) => personScope(person, period, at)));
  return scopes;
}

const NANO = 1_000_000_000;
/**
 * Credits to integer nano-credits for the sums. Prices have a few decimals; one with more than nine
 * would be rounded up here (the row keeps it exactly), so a budget never under-counts. Exact up to
 * 9 million credits per scope (2^53 nano-credits).
 */
export const toNano = (credits: string | number): number =>
  new Big(credits).times(NANO).round(0, Big.roundUp).toNumber();
export const fromNano = (nano: number | string): string => new Big(nano).div(NANO).toFixed();

/** A scope's sums as the UI reads them: exact decimal strings. */
export interface Totals {
  calls: number;
  failedFree: number;
  spent: string;
  timeline: { calls: number; spent: string };
  search: { calls: number; spent: string };
}

const asTotals = (row: TotalsTable | undefined): Totals => ({
  calls: Number(row?.calls ?? 0),
  failedFree: Number(row?.failed_free ?? 0),
  spent: fromNano(row?.spent_nano ?? 0),
  timeline: { calls: Number(row?.timeline_calls ?? 0), spent: fromNano(row?.timeline_nano ?? 0) },
  search: { calls: Number(row?.search_calls ?? 0), spent: fromNano(row?.search_nano ?? 0) },
});

export async function readTotals(db: Kysely<Database>, scope: string): Promise<Totals> {
  return asTotals(await db.selectFrom('totals').selectAll().where('scope', '=', scope).executeTakeFirst());
}

export interface TotalsChange {
  operation: Operation;
  credits: string;
  /** +1 a counted call, -1 one taken back, 0 none. */ calls: number;
  freeCalls: number;
  /** Credits a pending call starts (+) or stops (-) holding against the scope's limits; none when absent. */
  reserved?: string;
}

type Delta = Omit<TotalsTable, 'scope'>;
const COLUMNS = [
  'calls',
  'failed_free',
  'spent_nano',
  'timeline_calls',
  'timeline_nano',
  'search_calls',
  'search_nano',
  'reserved_nano',
] as const satisfies readonly (keyof Delta)[];

function deltaOf(change: TotalsChange): Delta {
  const nano = toNano(change.credits);
  return {
    calls: change.calls,
    failed_free: change.freeCalls,
    spent_nano: nano,
    timeline_calls: change.operation === 'timeline' ? change.calls : 0,
    timeline_nano: change.operation === 'timeline' ? nano : 0,
    search_calls: change.operation === 'search' ? change.calls : 0,
    search_nano: change.operation === 'search' ? nano : 0,
    reserved_nano: change.reserved === undefined ? 0 : toNano(change.reserved),
  };
}

/** Changes to many scopes, summed per scope first: a batch of settlements costs one statement. */
export class TotalsChanges {
  private readonly byScope = new Map<string, Delta>();

  add(scopes: string[], change: TotalsChange) {
    const delta = deltaOf(change);
    for (const scope of scopes) {
      const sum = this.byScope.get(scope);
      if (!sum) {
        this.byScope.set(scope, { ...delta });
        continue;
      }
      for (const key of Object.keys(delta) as (keyof Delta)[]) sum[key] += delta[key];
    }
    return this;
  }

  /**
   * The database adds, so no lock is needed; every scope in one statement (each appears once, as PostgreSQL requires),
   * in the order of their names: two transactions adding to the same rows take their locks in one order, never a deadlock.
   */
  async apply(db: Kysely<Database>) {
    if (this.byScope.size === 0) return;
    await db
      .insertInto('totals')
      .values(
        [...this.byScope]
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([scope, delta]) => ({ scope, ...delta })),
      )
      .onConflict((conflict) =>
        conflict
          .column('scope')
          .doUpdateSet((eb) =>
            Object.fromEntries(
              COLUMNS.map((column) => [column, eb(`totals.${column}`, '+', eb.ref(`excluded.${column}`))]),
            ),
          ),
      )
      .execute();
  }
}

export function addToTotals(db: Kysely<Database>, scopes: string[], change: TotalsChange) {
  return new TotalsChanges().add(scopes, change).apply(db);
}
