import { randomUUID } from 'node:crypto';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { SessionSummary } from '../../ledger/rows.ts';
import type { Db } from '../open.ts';
import type { Database } from '../schema.ts';
import { readTotals, sessionScope, type Totals } from '../totals.ts';

const summaryOf = (sessionId: string, startedAt: string, totals: Totals): SessionSummary => ({
  id: sessionId,
  startedAt,
  calls: totals.calls,
  failedFree: totals.failedFree,
  total: totals.spent,
  byOperation: {
    timeline: { calls: totals.timeline.calls, total: totals.timeline.spent },
    search: { calls: totals.search.calls, total: totals.search.spent },
  },
});

/** Whose sessions: a person's name, or null where nobody signs in (loopback, mode none). */
export type SessionOwner = string | null;

/**
 * Sessions: views of the ledger that start when the person asks for a new one (the operator's budget
 * period goes on counting). Each is one person's (#33): their purchases are journalled in their current one,
 * the newest of theirs, and starting one changes nobody else's.
 */
export class Sessions {
  constructor(private readonly db: Db) {}

  /**
   * `who`'s newest session, made when they have none yet. `db` is the transaction a journal entry reads it in
   * (holding the write lock, so a first session is made inside it), or the store itself.
   */
  async current(who: SessionOwner, db: Kysely<Database> = this.db.kysely): Promise<{ id: string; startedAt: string }> {
    const row = await newest(db, who);
    if (row) return { id: row.id, startedAt: row.started_at };
    const make = async (trx: Kysely<Database>) => {
      const again = await newest(trx, who);
      if (again) return { id: again.id, startedAt: again.started_at };
      const created = { id: randomUUID(), started_at: new Date().toISOString(), person: who };
      await trx.insertInto('sessions').values(created).execute();
      return { id: created.id, startedAt: created.started_at };
    };
    // Outside a transaction, take the write lock to make it; inside one (a journal entry's), it is held already.
    return db === this.db.kysely ? this.db.write(make) : make(db);
  }

  async start(who: SessionOwner): Promise<SessionSummary> {
    const created = { id: randomUUID(), started_at: new Date().toISOString(), person: who };
    await this.db.write((trx) => trx.insertInto('sessions').values(created).execute());
    return this.summary(who);
  }

  /** `who`'s current session's sums. */
  async summary(who: SessionOwner): Promise<SessionSummary> {
    const session = await this.current(who);
    return summaryOf(session.id, session.startedAt, await readTotals(this.db.kysely, sessionScope(session.id)));
  }

  /** `who`'s sessions before their current one, newest first, with their sums. */
  async past(who: SessionOwner, limit = 20): Promise<SessionSummary[]> {
    const sessions = await ownedBy(this.db.kysely.selectFrom('sessions').selectAll(), who)
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .offset(1)
      .limit(limit)
      .execute();
    return Promise.all(
      sessions.map(async (session) =>
        summaryOf(session.id, session.started_at, await readTotals(this.db.kysely, sessionScope(session.id))),
      ),
    );
  }
}

/** Only `who`'s sessions: a person's, or nobody's (those from before anyone signed in included). */
const ownedBy = <Query extends SelectQueryBuilder<Database, 'sessions', object>>(query: Query, who: SessionOwner) =>
  (who === null ? query.where('person', 'is', null) : query.where('person', '=', who)) as Query;

export const newest = (db: Kysely<Database>, who: SessionOwner) =>
  ownedBy(db.selectFrom('sessions').select(['id', 'started_at']), who)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
