import type { Kysely } from 'kysely';
import { pendingFigures, type BudgetFigures, type PersonFigures, type SessionFigures } from '../../budget/figures.ts';
import type { Period } from '../totals.ts';
import { highestPrices, type FigureSources } from '../budget-figures.ts';
import type { SessionOwner } from '../reads/sessions.ts';
import type { Database } from '../schema.ts';
import { fromNano, periodScope, personScope, sessionScope } from '../totals.ts';

/** What a journal batch admits from: the store's figures, and each buyer's session and own limit. */
export interface AdmissionFigures {
  store: BudgetFigures;
  sessions: Map<SessionOwner, SessionFigures>;
  people: Map<string, PersonFigures>;
  /** The live pending call of each page being bought now, by any process: its id. */
  pendingByPage: Map<string, string>;
  /** Each named buyer as the store has them now: a person removed or made a viewer since they asked buys nothing. */
  standing: Map<string, Standing>;
}

export type Standing = 'buys' | 'viewer' | 'removed';

/**
 * The figures a batch of journal entries is admitted by, read inside the journal's lock. Each limit's spend and
 * what its calls in flight hold are read from its own totals row, all rows in ONE statement: a settlement moves a
 * call's credits from held to spent in one statement on those rows, so whatever settles meanwhile is counted once,
 * spent or held, never neither. Settlements need no lock of the journal's for it (open.ts transact).
 * O(1) in the ledger's size; only the live pending rows are read, in one statement, for the rule on calls nobody
 * could price and the pages being bought now (one statement fewer under the journal's lock than reading them apart).
 */
export async function readAdmissionFigures(
  trx: Kysely<Database>,
  sources: FigureSources,
  /** Who buys each call: a person's name, or null where nobody signs in (their session is nobody's). */
  buyers: SessionOwner[],
  now: Date,
): Promise<AdmissionFigures> {
  const highest = await highestPrices(trx);
  const live = await trx
    .selectFrom('purchases')
    .select(['id', 'page_key', 'operation', 'reserved', 'lease_until'])
    .where('state', '=', 'pending')
    .where('lease_until', '>', now.toISOString())
    .execute();
  const { inFlight, unpricedInFlight } = pendingFigures(live, highest, now);
  // Each buyer's current session and own session limit; each person's own limit (the rows naming the totals to read).
  const sessionOf = new Map<SessionOwner, { sessionId: string; personalLimit: string | null }>();
  for (const who of new Set(buyers))
    sessionOf.set(who, {
      sessionId: (await sources.sessions.current(who, trx)).id,
      personalLimit: await sources.settings.personalLimit(who, trx),
    });
  const limitOf = new Map<string, { limit: string; period: Period }>();
  const standing = new Map<string, Standing>();
  for (const name of new Set(buyers.filter((name) => name !== null))) {
    const row = await trx
      .selectFrom('people')
      .select(['role', 'removed_at', 'limit_credits', 'limit_period'])
      .where('name', '=', name)
      .executeTakeFirst();
    standing.set(name, !row || row.removed_at !== null ? 'removed' : row.role === 'viewer' ? 'viewer' : 'buys');
    if (row && row.limit_credits !== null)
      limitOf.set(name, { limit: row.limit_credits, period: row.limit_period ?? 'total' });
  }
  const scopes = new Set(['all', periodScope(sources.period, now)]);
  for (const { sessionId } of sessionOf.values()) scopes.add(sessionScope(sessionId));
  for (const [name, { period }] of limitOf)
    scopes.add(personScope(name, period, now)).add(personScope(name, 'total', now));
  const rows = await trx
    .selectFrom('totals')
    .select(['scope', 'spent_nano', 'reserved_nano'])
    .where('scope', 'in', [...scopes])
    .execute();
  const byScope = new Map(rows.map((row) => [row.scope, row]));
  const spent = (scope: string) => fromNano(byScope.get(scope)?.spent_nano ?? 0);
  const held = (scope: string) => fromNano(byScope.get(scope)?.reserved_nano ?? 0);
  const sessions = new Map<SessionOwner, SessionFigures>();
  for (const [who, { sessionId, personalLimit }] of sessionOf)
    sessions.set(who, { sessionId, personalLimit, spentInSession: spent(sessionScope(sessionId)) });
  const people = new Map<string, PersonFigures>();
  for (const [name, { limit, period }] of limitOf)
    people.set(name, {
      name,
      limit,
      period,
      spent: spent(personScope(name, period, now)),
      // Everything their calls in flight hold, whenever journalled, as their limit has always counted it.
      reserved: held(personScope(name, 'total', now)),
    });
  const nobody = sessions.get(null) ?? { sessionId: '', spentInSession: '0', personalLimit: null };
  return {
    store: {
      ...nobody,
      spentInPeriod: spent(periodScope(sources.period, now)),
      // Every call in flight, in any period: 'all' holds them all.
      reserved: held('all'),
      highest,
      inFlight,
      unpricedInFlight,
    },
    sessions,
    people,
    pendingByPage: new Map(live.map((row) => [row.page_key, row.id])),
    standing,
  };
}
