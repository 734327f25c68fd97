import type { Kysely } from 'kysely';
import Big from 'big.js';
import {
  heldBy,
  pendingFigures,
  type BudgetFigures,
  type PersonFigures,
  type SessionFigures,
} from '../budget/figures.ts';
import type { SessionOwner, Sessions } from './reads/sessions.ts';
import type { Database } from './schema.ts';
import type { Settings } from './settings.ts';
import { periodScope, personScope, readTotals, sessionScope, type Period } from './totals.ts';

/** The highest price any process has learnt, per operation. */
export async function highestPrices(db: Kysely<Database>): Promise<Map<string, string>> {
  const rows = await db.selectFrom('prices').select(['operation', 'highest']).execute();
  return new Map(rows.map((row) => [row.operation, row.highest]));
}

/** Where the figures come from: the operator's period, the current session's spend, the person's limit. */
export interface FigureSources {
  period: Period;
  sessions: Sessions;
  settings: Settings;
}

/** What the budget's rules (budget/limits.ts) decide from, as `db` sees the store: O(1) in the ledger's size. */
export async function readBudgetFigures(
  db: Kysely<Database>,
  sources: FigureSources,
  /** Whose session and session limit (#33): the asker's, or the buyer's for a journal entry. */
  who: SessionOwner = null,
): Promise<BudgetFigures> {
  const now = new Date();
  const inPeriod = await readTotals(db, periodScope(sources.period, now));
  const pending = await db
    .selectFrom('purchases')
    .select(['operation', 'reserved', 'lease_until'])
    .where('state', '=', 'pending')
    .execute();
  const highest = await highestPrices(db);
  return {
    spentInPeriod: inPeriod.spent,
    ...(await readSessionFigures(db, sources, who)),
    highest,
    ...pendingFigures(pending, highest, now),
  };
}

/** One person's session, its spend and their limit on it (#33): each person's own, never the store's. */
export async function readSessionFigures(
  db: Kysely<Database>,
  sources: FigureSources,
  who: SessionOwner,
): Promise<SessionFigures> {
  const session = await sources.sessions.current(who, db);
  const inSession = await readTotals(db, sessionScope(session.id));
  return {
    spentInSession: inSession.spent,
    sessionId: session.id,
    personalLimit: await sources.settings.personalLimit(who, db),
  };
}

/**
 * A person's own limit and where it stands (#28): their spend in their period (a totals scope, O(1)) and what
 * their calls in flight hold. Null when they have no limit. Read inside the write lock for an admission, so
 * it holds across processes and instances like the operator's.
 */
export async function readPersonFigures(
  db: Kysely<Database>,
  name: string,
  highest: Map<string, string>,
  now = new Date(),
): Promise<PersonFigures | null> {
  const person = await db
    .selectFrom('people')
    .select(['limit_credits', 'limit_period'])
    .where('name', '=', name)
    .executeTakeFirst();
  if (!person || person.limit_credits === null) return null;
  const period: Period = person.limit_period ?? 'total';
  const spent = await readTotals(db, personScope(name, period, now));
  const pending = await db
    .selectFrom('purchases')
    .select(['operation', 'reserved'])
    .where('state', '=', 'pending')
    .where('person', '=', name)
    .execute();
  const reserved = pending.reduce((sum, call) => sum.plus(heldBy(call, highest)), new Big(0));
  return { name, limit: person.limit_credits, period, spent: spent.spent, reserved: reserved.toString() };
}
