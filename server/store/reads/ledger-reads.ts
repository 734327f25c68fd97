import Big from 'big.js';
import type { RecentSpend } from '../../../src/contract/session.ts';
import type { CallRow, Operation } from '../../ledger/rows.ts';
import type { Db } from '../open.ts';
import { toCallRow } from '../rows-map.ts';
import { periodScope, readTotals, type Period } from '../totals.ts';
import type { SessionOwner, Sessions } from './sessions.ts';

/**
 * The ledger as the UI and the exports read it: settled rows page by page (a pending row is a call still in
 * flight), one call's detail, the period's spend and the prices learnt. Nothing here writes.
 */
export class LedgerReads {
  constructor(
    private readonly db: Db,
    private readonly period: Period,
    private readonly sessions: Sessions,
  ) {}

  /** One page of a session's rows, newest first; `before` is the `seq` cursor of the last row already shown. */
  async rowsPage(options: {
    sessionId?: string;
    before?: number;
    limit: number;
    /** Only this person's rows (#28: a member sees their own). */
    person?: string;
    /** Whose current session, when no `sessionId` is named (#33): the asker's; null where nobody signs in. */
    owner?: SessionOwner;
  }): Promise<{ rows: CallRow[]; nextCursor: number | null; sessionId: string }> {
    const sessionId = options.sessionId ?? (await this.sessions.current(options.owner ?? null)).id;
    let query = this.db.kysely
      .selectFrom('purchases')
      .selectAll()
      .where('session_id', '=', sessionId)
      .where('state', '!=', 'pending');
    if (options.person !== undefined) query = query.where('person', '=', options.person);
    if (options.before !== undefined) query = query.where('seq', '<', options.before);
    const rows = await query
      .orderBy('seq', 'desc')
      .limit(options.limit + 1)
      .execute();
    const page = rows.slice(0, options.limit);
    return {
      rows: page.map(toCallRow),
      nextCursor: rows.length > options.limit ? page[page.length - 1]!.seq : null,
      sessionId,
    };
  }

  /** Every settled row journalled in [from, to), oldest first, in batches: an export never holds the ledger in memory. */
  async *rowsBetween(from: string, to: string, batch = 500, person?: string): AsyncGenerator<CallRow> {
    let after = 0;
    for (;;) {
      let query = this.db.kysely.selectFrom('purchases').selectAll();
      if (person !== undefined) query = query.where('person', '=', person);
      const rows = await query
        .where('state', '!=', 'pending')
        .where('at', '>=', from)
        .where('at', '<', to)
        .where('seq', '>', after)
        .orderBy('seq')
        .limit(batch)
        .execute();
      for (const row of rows) yield toCallRow(row);
      if (rows.length < batch) return;
      after = rows[rows.length - 1]!.seq;
    }
  }

  async findRow(id: string): Promise<CallRow | undefined> {
    const row = await this.db.kysely
      .selectFrom('purchases')
      .selectAll()
      .where('id', '=', id)
      .where('state', '!=', 'pending')
      .executeTakeFirst();
    return row ? toCallRow(row) : undefined;
  }

  /** A settled call's kept response headers, one object per attempt; null when none were kept. */
  async responseHeadersOf(id: string): Promise<Record<string, string>[] | null> {
    const row = await this.db.kysely
      .selectFrom('purchases')
      .select('response_headers')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.response_headers ? (JSON.parse(row.response_headers) as Record<string, string>[]) : null;
  }

  /** Calls that may have been charged with no answer to say so, oldest first, until the operator clears them. */
  async outcomesUnknown(): Promise<CallRow[]> {
    const rows = await this.db.kysely
      .selectFrom('purchases')
      .selectAll()
      .where('state', '=', 'unknown')
      .orderBy('seq')
      .execute();
    return rows.map(toCallRow);
  }

  /**
   * `who`'s current session's charged spend journalled since `since`, per UTC minute and price (the pace's recent
   * window, src/contract/session.ts RecentSpend). Grouped by the database, so its size is bounded by minutes and
   * prices, not calls; each group's exact sum is its price times its count.
   */
  async recentSpend(since: Date, who: SessionOwner): Promise<RecentSpend> {
    const sessionId = (await this.sessions.current(who)).id;
    const rows = await this.db.kysely
      .selectFrom('purchases')
      .select((eb) => [
        eb.fn<string>('substr', ['at', eb.lit(1), eb.lit(16)]).as('minute'),
        'credits',
        eb.fn.countAll().as('calls'),
      ])
      .where('session_id', '=', sessionId)
      .where('state', '!=', 'pending')
      .where('at', '>=', since.toISOString())
      .groupBy((eb) => [eb.fn('substr', ['at', eb.lit(1), eb.lit(16)]), 'credits'])
      .execute();
    const byMinute = new Map<string, { minute: string; calls: number; credits: Big }>();
    for (const row of rows) {
      if (!new Big(row.credits).gt(0)) continue;
      const entry = byMinute.get(row.minute) ?? { minute: row.minute, calls: 0, credits: new Big(0) };
      entry.calls += Number(row.calls);
      entry.credits = entry.credits.plus(new Big(row.credits).times(Number(row.calls)));
      byMinute.set(row.minute, entry);
    }
    return [...byMinute.values()]
      .sort((a, b) => a.minute.localeCompare(b.minute))
      .map((entry) => ({ ...entry, credits: entry.credits.toFixed() }));
  }

  async spentInPeriod(): Promise<string> {
    return (await readTotals(this.db.kysely, periodScope(this.period, new Date()))).spent;
  }

  /** Latest and highest charged price per operation, across every process. */
  async prices(): Promise<Record<Operation, { last: string; highest: string } | null>> {
    const rows = await this.db.kysely.selectFrom('prices').select(['operation', 'last', 'highest']).execute();
    const of = (operation: Operation) => rows.find((row) => row.operation === operation) ?? null;
    return { timeline: of('timeline'), search: of('search') };
  }
}
