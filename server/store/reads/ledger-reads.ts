import type { CallRow, Operation } from '../../ledger/rows.ts';
import type { Db } from '../open.ts';
import { toCallRow } from '../rows-map.ts';
import { periodScope, readTotals, type Period } from '../totals.ts';
import type { Sessions } from './sessions.ts';

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
  }): Promise<{ rows: CallRow[]; nextCursor: number | null; sessionId: string }> {
    const sessionId = options.sessionId ?? (await this.sessions.current()).id;
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
