import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
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

/**
 * Sessions: views of the ledger that start when the person asks for a new one (the operator's budget
 * period goes on counting). Each purchase is journalled in the current one, the newest.
 */
export class Sessions {
  constructor(private readonly db: Db) {}

  /** The newest session, made on a store that has none yet. `db` is the transaction a journal entry reads it in. */
  async current(db: Kysely<Database> = this.db.kysely): Promise<{ id: string; startedAt: string }> {
    const row = await newest(db);
    if (row) return { id: row.id, startedAt: row.started_at };
    return this.db.write(async (trx) => {
      const again = await newest(trx);
      if (again) return { id: again.id, startedAt: again.started_at };
      const created = { id: randomUUID(), started_at: new Date().toISOString() };
      await trx.insertInto('sessions').values(created).execute();
      return { id: created.id, startedAt: created.started_at };
    });
  }

  async start(): Promise<SessionSummary> {
    const created = { id: randomUUID(), started_at: new Date().toISOString() };
    await this.db.write((trx) => trx.insertInto('sessions').values(created).execute());
    return this.summary();
  }

  /** The current session's sums. */
  async summary(): Promise<SessionSummary> {
    const session = await this.current();
    return summaryOf(session.id, session.startedAt, await readTotals(this.db.kysely, sessionScope(session.id)));
  }

  /** The sessions before the current one, newest first, with their sums. */
  async past(limit = 20): Promise<SessionSummary[]> {
    const sessions = await this.db.kysely
      .selectFrom('sessions')
      .selectAll()
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

const newest = (db: Kysely<Database>) =>
  db
    .selectFrom('sessions')
    .select(['id', 'started_at'])
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
