import Big from 'big.js';
import type { Kysely } from 'kysely';
import type { Operation } from '../ledger/rows.ts';
import type { Database, TotalsTable } from './schema.ts';

export type Period = 'total' | 'day' | 'month';

/** The budget scope a time falls in, in UTC: 'all', 'day:2026-11-23' or 'month:2026-11'. */
export function periodScope(period: Period, at: Date): string {
  if (period === 'day') return `day:${at.toISOString().slice(0, 10)}`;
  if (period === 'month') return `month:${at.toISOString().slice(0, 7)}`;
  return 'all';
}

export const sessionScope = (sessionId: string) => `session:${sessionId}`;

/** Every scope one purchase at `at` counts in. */
export function scopesOf(at: Date, sessionId: string): string[] {
  return ['all', periodScope('day', at), periodScope('month', at), sessionScope(sessionId)];
}

const empty = (scope: string): TotalsTable => ({
  scope, calls: 0, failed_free: 0, spent: '0', timeline_calls: 0, timeline_spent: '0', search_calls: 0, search_spent: '0',
});

export async function readTotals(db: Kysely<Database>, scope: string): Promise<TotalsTable> {
  return (await db.selectFrom('totals').selectAll().where('scope', '=', scope).executeTakeFirst()) ?? empty(scope);
}

export interface TotalsChange { operation: Operation; credits: string; /** +1 a counted call, -1 one taken back, 0 none. */ calls: number; freeCalls: number }

/** Adds a change to each scope. Runs inside the store's write lock, so the read-modify-write cannot interleave. */
export async function addToTotals(db: Kysely<Database>, scopes: string[], change: TotalsChange) {
  const stored = await db.selectFrom('totals').selectAll().where('scope', 'in', scopes).execute();
  for (const scope of scopes) {
    const current = stored.find((row) => row.scope === scope) ?? empty(scope);
    const next: TotalsTable = {
      ...current,
      calls: current.calls + change.calls,
      failed_free: current.failed_free + change.freeCalls,
      spent: new Big(current.spent).plus(change.credits).toString(),
      timeline_calls: current.timeline_calls + (change.operation === 'timeline' ? change.calls : 0),
      timeline_spent: change.operation === 'timeline' ? new Big(current.timeline_spent).plus(change.credits).toString() : current.timeline_spent,
      search_calls: current.search_calls + (change.operation === 'search' ? change.calls : 0),
      search_spent: change.operation === 'search' ? new Big(current.search_spent).plus(change.credits).toString() : current.search_spent,
    };
    await db.insertInto('totals').values(next).onConflict((conflict) => conflict.column('scope').doUpdateSet(next)).execute();
  }
}
