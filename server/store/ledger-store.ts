import Big from 'big.js';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Kysely, Selectable } from 'kysely';
import type { CallRow, Operation, SessionSummary } from '../ledger/rows.ts';
import { describeStorageError, LedgerWriteError, storeUnavailable } from './errors.ts';
import type { Db } from './open.ts';
import { toCallRow } from './rows-map.ts';
import { GroupCommit } from './group-commit.ts';
import { SettleRetry } from './settle-retry.ts';
import { placeholders, query } from './statements.ts';
import type { ArchiveTable, Database, PurchaseTable } from './schema.ts';
import {
  addToTotals,
  periodScope,
  readTotals,
  scopesOf,
  sessionScope,
  toNano,
  TotalsChanges,
  type Period,
  type Totals,
} from './totals.ts';

export type NewCall = Omit<CallRow, 'id' | 'session' | 'at' | 'credits'> & { credits: number | string };

/** What a budget check sees, read inside the write lock. */
export interface BudgetFigures {
  spentInPeriod: string;
  spentInSession: string;
  reserved: string;
  sessionId: string;
  personalLimit: string | null;
}
export type Refusal = { by: 'operator' | 'personal'; message: string };

export interface JournalRequest {
  operation: Operation;
  params: Record<string, unknown>;
  pageKey: string;
  /**
   * Held against the budget until the call settles: the highest price the operation has cost. Null when this
   * process knows no price: the store's (learnt by any process) is taken, and with none the call is unpriced.
   */
  reserve: string | null;
  /** How long the request can possibly take with its retries: after that a pending row is an unknown outcome. */
  leaseMs: number;
  /** Refuses the call from the figures and the reservation it would hold, or null to admit it. */
  check: (figures: BudgetFigures, reserve: string) => Refusal | null;
  /** Whether a limit applies (an unpriced call then goes alone); none when absent. */
  limited?: (figures: BudgetFigures) => boolean;
  /** The purchase whose answer the archive held for this page when the caller decided to buy (null: none). */
  archivedSeen?: string | null;
}

export type JournalResult =
  | { kind: 'journalled'; id: string }
  | { kind: 'refused'; refusal: Refusal }
  /** Another process (or browser) is buying this very page now: wait for it rather than buy it twice. */
  | { kind: 'in-flight'; id: string }
  /** A call nobody could price is in flight under a limit (or this one is unpriced and others are): ask again once it settles. */
  | { kind: 'wait' };

/** The budget figures with what an admission also needs: who else is in flight, and at what known price. */
interface AdmissionFigures extends BudgetFigures {
  /** The highest price any process has learnt, per operation. */
  highest: Map<string, Big>;
  /** Live pending calls (within their lease), and how many of them left before anyone knew their price. */
  inFlight: number;
  unpricedInFlight: number;
}

type PurchaseRow = Selectable<PurchaseTable>;
type JournalRow = Omit<PurchaseRow, 'response_headers'>;
/** What a journal entry writes; response_headers stays null until it settles. */
const JOURNAL_COLUMNS = [
  'id',
  'seq',
  'at',
  'session_id',
  'operation',
  'params',
  'page_key',
  'state',
  'reserved',
  'lease_until',
  'owner',
  'status',
  'credits',
  'duration_ms',
  'ok',
  'charged',
  'attempts',
  'error_kind',
] as const satisfies readonly (keyof JournalRow)[];
const SETTLED_COLUMNS = [
  'state',
  'reserved',
  'status',
  'credits',
  'duration_ms',
  'ok',
  'charged',
  'attempts',
  'error_kind',
  'response_headers',
] as const satisfies readonly (keyof PurchaseRow)[];
const ARCHIVE_COLUMNS = [
  'page_key',
  'operation',
  'params',
  'body',
  'bought_at',
  'purchase_id',
  'credits',
  'subject',
] as const satisfies readonly (keyof ArchiveTable)[];

interface Settlement {
  id: string;
  call: NewCall;
  archive: ArchiveWrite | null;
  responseHeaders?: Record<string, string>[];
}

/** What a settled row says that an answer carries (its id, status, credits, charge), known before the row is written. */
export type SettledCall = Pick<CallRow, 'id' | 'status' | 'credits' | 'durationMs' | 'charged'>;

export interface ArchiveWrite {
  body: string;
  subject: string;
  accounts: { restId: string; handle: string }[];
}

const HOST = os.hostname();
/** This process, as purchase rows and collection jobs name their owner. */
export const OWNER = `${HOST}:${process.pid}`;

/** An owner on this host whose process has exited: what it held can be taken over at once. */
export function processGone(owner: string): boolean {
  const [host, pid] = owner.split(':');
  if (host !== HOST || !pid) return false;
  if (Number(pid) === process.pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'EPERM';
  }
}

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
 * The ledger, the budget figures and the sessions, in the store shared by every process. Each
 * paid call is a row journalled ('pending', holding its reservation) before it is sent and settled
 * in one transaction with the totals, the prices and the archive.
 */
export class LedgerStore {
  constructor(
    readonly db: Db,
    readonly period: Period,
  ) {}

  private get read(): Kysely<Database> {
    return this.db.kysely;
  }

  async currentSession(db: Kysely<Database> = this.read): Promise<{ id: string; startedAt: string }> {
    const row = (
      await query<Database['sessions']>(
        db,
        'select id, started_at from sessions order by started_at desc, id desc limit 1',
      )
    ).rows[0];
    if (row) return { id: row.id, startedAt: row.started_at };
    return this.db.write(async (trx) => {
      const again = await trx
        .selectFrom('sessions')
        .selectAll()
        .orderBy('started_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (again) return { id: again.id, startedAt: again.started_at };
      const created = { id: randomUUID(), started_at: new Date().toISOString() };
      await trx.insertInto('sessions').values(created).execute();
      return { id: created.id, startedAt: created.started_at };
    });
  }

  async startSession(): Promise<SessionSummary> {
    const created = { id: randomUUID(), started_at: new Date().toISOString() };
    await this.db.write((trx) => trx.insertInto('sessions').values(created).execute());
    return this.summary();
  }

  private async figures(db: Kysely<Database>): Promise<AdmissionFigures> {
    const now = new Date();
    const session = await this.currentSession(db);
    const inPeriod = await readTotals(db, periodScope(this.period, now));
    const inSession = await readTotals(db, sessionScope(session.id));
    const pending = (
      await query<{ operation: string; reserved: string; lease_until: string }>(
        db,
        "select operation, reserved, lease_until from purchases where state = 'pending'",
      )
    ).rows;
    const personal = (
      await query<{ value: string | null }>(db, "select value from settings where key = 'personal_limit'")
    ).rows[0];
    const highest = new Map(
      (await query<{ operation: string; highest: string }>(db, 'select operation, highest from prices')).rows.map(
        (row) => [row.operation, new Big(row.highest)],
      ),
    );
    // A call sent before its price was known (a scout, reserving 0) holds the price any process has learnt since.
    const reserved = pending
      .reduce((sum, row) => {
        const known = highest.get(row.operation);
        return sum.plus(known && known.gt(row.reserved) ? known : row.reserved);
      }, new Big(0))
      .toString();
    // A row past its lease is an unknown outcome still counted above, but nobody is waiting on it any more.
    const live = pending.filter((row) => row.lease_until > now.toISOString());
    const unpricedInFlight = live.filter((row) => !highest.has(row.operation) && new Big(row.reserved).eq(0)).length;
    return {
      spentInPeriod: inPeriod.spent,
      spentInSession: inSession.spent,
      reserved,
      sessionId: session.id,
      personalLimit: personal?.value ?? null,
      highest,
      inFlight: live.length,
      unpricedInFlight,
    };
  }

  /** Read outside the write lock: for display only, never for an admission. */
  budgetFigures(): Promise<BudgetFigures> {
    return this.figures(this.read);
  }

  /**
   * No record, no spend: admits and journals a paid request in one locked transaction, or refuses it.
   * Throws LedgerWriteError when the store cannot be written; then nothing may be sent.
   */
  async journal(request: JournalRequest): Promise<JournalResult> {
    try {
      const journalled = await this.journals.submit(request);
      // A journal entry written is a store taking writes again: settlements it refused need not wait for their next round.
      this.unsettled.storeIsBack();
      return journalled;
    } catch (error) {
      throw new LedgerWriteError(describeStorageError(error, this.db.label));
    }
  }

  private readonly journals = new GroupCommit<JournalRequest, JournalResult>((requests) =>
    this.db.write((trx) => this.journalBatch(trx, requests)),
  );
  private readonly settlements = new GroupCommit<Settlement, CallRow>(async (items) => {
    const archivedKeys: string[] = [];
    const rows = await this.db.transact((trx) => this.settleBatch(trx, items, archivedKeys));
    // Committed whatever the listener does: a failure to hand pages over only delays their indexing to the next search.
    try {
      this.archivedListener?.(archivedKeys);
    } catch {
      /* indexed by the next full catch-up */
    }
    return rows;
  });
  private archivedListener: ((pageKeys: string[]) => void) | null = null;

  /** Told the page keys of each batch of answers this process has archived, once they are committed. */
  onArchived(listener: (pageKeys: string[]) => void) {
    this.archivedListener = listener;
  }

  /** A few statements per batch whatever its size: the figures are read once and carried forward in order. */
  private async journalBatch(trx: Kysely<Database>, requests: JournalRequest[]): Promise<JournalResult[]> {
    const now = new Date();
    const pageKeys = [...new Set(requests.map((request) => request.pageKey))];
    const inFlight = new Map(
      (
        await query<{ id: string; page_key: string }>(
          trx,
          `select id, page_key from purchases where page_key in (${placeholders(pageKeys.length)}) and state = 'pending' and lease_until > ?`,
          [...pageKeys, now.toISOString()],
        )
      ).rows.map((row) => [row.page_key, row.id]),
    );
    // A page archived by another process since the caller looked (and decided to buy) is not bought again.
    const keys = [
      ...new Set(requests.filter((request) => request.archivedSeen !== undefined).map((request) => request.pageKey)),
    ];
    const archivedNow = new Map(
      keys.length === 0
        ? []
        : (
            await query<{ page_key: string; purchase_id: string }>(
              trx,
              `select page_key, purchase_id from archive where page_key in (${placeholders(keys.length)})`,
              keys,
            )
          ).rows.map((row) => [row.page_key, row.purchase_id]),
    );
    const figures = await this.figures(trx);
    let seq = Number(
      (await query<{ seq: number | null }>(trx, 'select max(seq) as seq from purchases')).rows[0]?.seq ?? 0,
    );
    const rows: JournalRow[] = [];
    const results = requests.map((request): JournalResult => {
      const pending = inFlight.get(request.pageKey);
      if (pending) return { kind: 'in-flight', id: pending };
      const archived = archivedNow.get(request.pageKey);
      if (request.archivedSeen !== undefined && archived !== undefined && archived !== request.archivedSeen)
        return { kind: 'in-flight', id: archived };
      const reserve = request.reserve ?? figures.highest.get(request.operation)?.toString() ?? null;
      // A call nobody can price yet could cost anything: under a limit it goes alone, so the limit is passed by one call at most.
      if (request.limited?.(figures) && (figures.unpricedInFlight > 0 || (reserve === null && figures.inFlight > 0)))
        return { kind: 'wait' };
      const refusal = request.check(figures, reserve ?? '0');
      if (refusal) return { kind: 'refused', refusal };
      const id = randomUUID();
      figures.reserved = new Big(figures.reserved).plus(reserve ?? '0').toString();
      figures.inFlight += 1;
      if (reserve === null) figures.unpricedInFlight += 1;
      inFlight.set(request.pageKey, id);
      seq += 1;
      rows.push({
        id,
        seq,
        at: now.toISOString(),
        session_id: figures.sessionId,
        operation: request.operation,
        params: JSON.stringify(request.params),
        page_key: request.pageKey,
        state: 'pending',
        reserved: reserve ?? '0',
        lease_until: new Date(now.getTime() + request.leaseMs).toISOString(),
        owner: OWNER,
        status: 0,
        credits: '0',
        duration_ms: 0,
        ok: 0,
        charged: 'unknown',
        attempts: '[]',
        error_kind: null,
      });
      return { kind: 'journalled', id };
    });
    for (let start = 0; start < rows.length; start += 50) {
      const chunk = rows.slice(start, start + 50);
      await query(
        trx,
        `insert into purchases (${JOURNAL_COLUMNS.join(', ')}) values ${placeholders(chunk.length, `(${placeholders(JOURNAL_COLUMNS.length)})`)}`,
        chunk.flatMap((row) => JOURNAL_COLUMNS.map((column) => row[column])),
      );
    }
    return results;
  }

  /** Settles a journalled call with what the upstream said, with its totals, prices and archived answer. */
  settle(
    id: string,
    call: NewCall,
    archive: ArchiveWrite | null,
    responseHeaders?: Record<string, string>[],
  ): Promise<CallRow> {
    return this.settlements.submit({ id, call, archive, responseHeaders });
  }

  private readonly unsettled = new SettleRetry<Settlement>((item) => this.settlements.submit(item));

  /**
   * Settles a call the upstream has answered; when the store cannot take the settlement just now (a full
   * disk, the database server stopped), keeps it and writes it as soon as the store can (SettleRetry), so
   * the answer is still delivered. Until then the row stays pending and its reservation keeps counting.
   */
  async settleOrKeep(
    id: string,
    call: NewCall,
    archive: ArchiveWrite | null,
    responseHeaders?: Record<string, string>[],
  ): Promise<SettledCall> {
    try {
      return await this.settle(id, call, archive, responseHeaders);
    } catch (error) {
      this.unsettled.keep({ id, call, archive, responseHeaders }, storeUnavailable(error) ?? (error as Error).message);
      return {
        id,
        status: call.status,
        credits: new Big(call.credits).toString(),
        durationMs: call.durationMs,
        charged: call.charged,
      };
    }
  }

  /** Settlements kept in memory because the store refused them, not yet written. */
  get unsettledCount(): number {
    return this.unsettled.size;
  }

  /** At a clean shutdown: tries the kept settlements once more; resolves with how many are still unwritten. */
  flushUnsettled(): Promise<number> {
    return this.unsettled.flush();
  }

  /** Sums, prices and archived answers of a batch are written once each; only the rows are one statement apiece. */
  private async settleBatch(trx: Kysely<Database>, items: Settlement[], archivedKeys: string[]): Promise<CallRow[]> {
    const ids = items.map((item) => item.id);
    const stored = new Map(
      (
        await query<PurchaseRow>(trx, `select * from purchases where id in (${placeholders(ids.length)})`, ids)
      ).rows.map((row) => [row.id, row]),
    );
    const totals = new TotalsChanges();
    const prices = new Map<Operation, { last: string; highest: string }>();
    const archived = new Map<string, ArchiveTable>();
    const accounts = new Map<string, string>();
    const results: CallRow[] = [];
    for (const { id, call, archive, responseHeaders } of items) {
      const credits = new Big(call.credits).toString();
      for (
        let row = stored.get(id);
        ;
        row = (await query<PurchaseRow>(trx, 'select * from purchases where id = ?', [id])).rows[0]
      ) {
        if (!row) throw new Error(`no journal entry ${id} to settle`);
        if (row.state === 'settled') {
          results.push(toCallRow(row));
          break;
        }
        // Booked as unknown by another process after its lease ran out: correct the booking, count the call once.
        const booked = row.state === 'unknown' || row.state === 'cleared' ? row.credits : null;
        const settled = {
          state: 'settled' as const,
          reserved: '0',
          status: call.status,
          credits,
          duration_ms: call.durationMs,
          ok: call.ok ? 1 : 0,
          charged: call.charged,
          attempts: JSON.stringify(call.attempts),
          error_kind: call.errorKind ?? null,
          response_headers: responseHeaders ? JSON.stringify(responseHeaders) : null,
        };
        // Only from the state just read: a concurrent booking of this row makes the update miss, and it is read again.
        const updated = await query(
          trx,
          `update purchases set ${SETTLED_COLUMNS.map((column) => `${column} = ?`).join(', ')} where id = ? and state = ?`,
          [...SETTLED_COLUMNS.map((column) => settled[column]), id, row.state],
        );
        if (updated.changed === 0) continue;
        const counted = call.charged !== 'no';
        totals.add(
          scopesOf(new Date(row.at), row.session_id),
          booked === null
            ? { operation: call.operation, credits, calls: counted ? 1 : 0, freeCalls: counted ? 0 : 1 }
            : { operation: call.operation, credits: new Big(credits).minus(booked).toString(), calls: 0, freeCalls: 0 },
        );
        if (call.charged === 'yes' && new Big(credits).gt(0)) {
          const seen = prices.get(call.operation);
          prices.set(call.operation, {
            last: credits,
            highest: seen && new Big(seen.highest).gt(credits) ? seen.highest : credits,
          });
        }
        if (archive) {
          archived.set(row.page_key, {
            page_key: row.page_key,
            operation: row.operation,
            params: row.params,
            body: archive.body,
            bought_at: new Date().toISOString(),
            purchase_id: row.id,
            credits,
            subject: archive.subject,
          });
          for (const account of archive.accounts) accounts.set(account.restId, account.handle);
        }
        results.push(toCallRow({ ...row, ...settled }));
        break;
      }
    }
    await totals.apply(trx);
    for (const [operation, price] of prices) await this.seePrice(trx, operation, price);
    if (archived.size > 0) {
      await query(
        trx,
        `insert into archive (${ARCHIVE_COLUMNS.join(', ')}) values ${placeholders(archived.size, `(${placeholders(ARCHIVE_COLUMNS.length)})`)}
        on conflict (page_key) do update set ${ARCHIVE_COLUMNS.filter(
          (column) => column !== 'page_key' && column !== 'operation',
        )
          .map((column) => `${column} = excluded.${column}`)
          .join(', ')}`,
        [...archived.values()].flatMap((page) => ARCHIVE_COLUMNS.map((column) => page[column])),
      );
      archivedKeys.push(...archived.keys());
    }
    if (accounts.size > 0) {
      await query(
        trx,
        `insert into accounts (rest_id, handle) values ${placeholders(accounts.size, '(?, ?)')} on conflict (rest_id) do update set handle = excluded.handle`,
        [...accounts].flat(),
      );
    }
    return results;
  }

  /** A batch's latest price, and its highest kept by the database's own comparison with what is stored: no read, no lock. */
  private async seePrice(trx: Kysely<Database>, operation: Operation, price: { last: string; highest: string }) {
    await query(
      trx,
      `insert into prices (operation, last, highest, highest_nano) values (?, ?, ?, ?) on conflict (operation) do update set
      last = excluded.last,
      highest = case when excluded.highest_nano > prices.highest_nano then excluded.highest else prices.highest end,
      highest_nano = case when excluded.highest_nano > prices.highest_nano then excluded.highest_nano else prices.highest_nano end`,
      [operation, price.last, price.highest, toNano(price.highest)],
    );
  }

  /** Latest and highest charged price per operation, across every process. */
  async prices(): Promise<Record<Operation, { last: string; highest: string } | null>> {
    const rows = await this.read.selectFrom('prices').select(['operation', 'last', 'highest']).execute();
    const of = (operation: Operation) => rows.find((row) => row.operation === operation) ?? null;
    return { timeline: of('timeline'), search: of('search') };
  }

  async summary(): Promise<SessionSummary> {
    const session = await this.currentSession();
    return summaryOf(session.id, session.startedAt, await readTotals(this.read, sessionScope(session.id)));
  }

  async spentInPeriod(): Promise<string> {
    return (await readTotals(this.read, periodScope(this.period, new Date()))).spent;
  }

  /** One page of a session's rows, newest first; `before` is the `seq` cursor of the last row already shown. */
  async rowsPage(options: {
    sessionId?: string;
    before?: number;
    limit: number;
  }): Promise<{ rows: CallRow[]; nextCursor: number | null; sessionId: string }> {
    const sessionId = options.sessionId ?? (await this.currentSession()).id;
    let query = this.read
      .selectFrom('purchases')
      .selectAll()
      .where('session_id', '=', sessionId)
      .where('state', '!=', 'pending');
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
  async *rowsBetween(from: string, to: string, batch = 500): AsyncGenerator<CallRow> {
    let after = 0;
    for (;;) {
      const rows = await this.read
        .selectFrom('purchases')
        .selectAll()
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
    const row = await this.read
      .selectFrom('purchases')
      .selectAll()
      .where('id', '=', id)
      .where('state', '!=', 'pending')
      .executeTakeFirst();
    return row ? toCallRow(row) : undefined;
  }

  /** A settled call's kept response headers, one object per attempt; null when none were kept. */
  async responseHeadersOf(id: string): Promise<Record<string, string>[] | null> {
    const row = await this.read
      .selectFrom('purchases')
      .select('response_headers')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.response_headers ? (JSON.parse(row.response_headers) as Record<string, string>[]) : null;
  }

  async pastSessions(limit = 20): Promise<SessionSummary[]> {
    const sessions = await this.read
      .selectFrom('sessions')
      .selectAll()
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .offset(1)
      .limit(limit)
      .execute();
    return Promise.all(
      sessions.map(async (session) =>
        summaryOf(session.id, session.started_at, await readTotals(this.read, sessionScope(session.id))),
      ),
    );
  }

  async personalLimit(): Promise<string | null> {
    return (
      (await this.read.selectFrom('settings').select('value').where('key', '=', 'personal_limit').executeTakeFirst())
        ?.value ?? null
    );
  }

  async setPersonalLimit(limit: string | null) {
    const value = { key: 'personal_limit', value: limit };
    await this.db.write((trx) =>
      trx
        .insertInto('settings')
        .values(value)
        .onConflict((conflict) => conflict.column('key').doUpdateSet(value))
        .execute(),
    );
  }

  /**
   * Pending rows that can no longer be in flight (their process on this host is gone, or their lease
   * ran out) may have been charged: they become rows "outcome unknown" at the price they reserved,
   * counted in the budget until the operator clears them.
   */
  async settleAbandoned(): Promise<number> {
    return this.db.write(async (trx) => {
      const now = new Date().toISOString();
      const pending = await trx.selectFrom('purchases').selectAll().where('state', '=', 'pending').execute();
      const abandoned = pending.filter((row) => row.lease_until <= now || processGone(row.owner));
      const highest = new Map(
        (await trx.selectFrom('prices').select(['operation', 'highest']).execute()).map((row) => [
          row.operation,
          row.highest,
        ]),
      );
      for (const row of abandoned) {
        // A call sent before its price was known (a scout reserved 0) is booked at the price learnt since, as figures() holds it.
        const known = highest.get(row.operation);
        const credits = known !== undefined && new Big(known).gt(row.reserved) ? known : row.reserved;
        await trx
          .updateTable('purchases')
          .set({
            state: 'unknown',
            credits,
            reserved: '0',
            charged: 'unknown',
            error_kind: 'outcome_unknown',
            attempts: JSON.stringify([{ at: row.at, status: 0, durationMs: 0, credits, charged: 'unknown' }]),
          })
          .where('id', '=', row.id)
          .execute();
        await addToTotals(trx, scopesOf(new Date(row.at), row.session_id), {
          operation: row.operation as Operation,
          credits,
          calls: 1,
          freeCalls: 0,
        });
      }
      return abandoned.length;
    });
  }

  async outcomesUnknown(): Promise<CallRow[]> {
    return (
      await this.read.selectFrom('purchases').selectAll().where('state', '=', 'unknown').orderBy('seq').execute()
    ).map(toCallRow);
  }

  /** The operator's release of unknown outcomes from the budget periods (`npm run ledger -- clear-unknown`); the session views keep them. */
  async clearUnknownOutcomes(): Promise<number> {
    return this.db.write(async (trx) => {
      const unknown = await trx.selectFrom('purchases').selectAll().where('state', '=', 'unknown').execute();
      for (const row of unknown) {
        await trx.updateTable('purchases').set({ state: 'cleared' }).where('id', '=', row.id).execute();
        const budgetScopes = scopesOf(new Date(row.at), row.session_id).filter(
          (scope) => !scope.startsWith('session:'),
        );
        await addToTotals(trx, budgetScopes, {
          operation: row.operation as Operation,
          credits: new Big(row.credits).neg().toString(),
          calls: -1,
          freeCalls: 0,
        });
      }
      return unknown.length;
    });
  }
}
