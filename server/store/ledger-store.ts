import Big from 'big.js';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Kysely } from 'kysely';
import type { CallRow, Operation, SessionSummary } from '../ledger/rows.ts';
import { describeStorageError, LedgerWriteError } from './errors.ts';
import type { Db } from './open.ts';
import { toCallRow } from './rows-map.ts';
import type { Database, TotalsTable } from './schema.ts';
import { addToTotals, periodScope, readTotals, scopesOf, sessionScope, type Period } from './totals.ts';

export type NewCall = Omit<CallRow, 'id' | 'session' | 'at' | 'credits'> & { credits: number | string };

/** What a budget check sees, read inside the write lock. */
export interface BudgetFigures { spentInPeriod: string; spentInSession: string; reserved: string; sessionId: string; personalLimit: string | null }
export type Refusal = { by: 'operator' | 'personal'; message: string };

export interface JournalRequest {
  operation: Operation;
  params: Record<string, unknown>;
  pageKey: string;
  /** Held against the budget until the call settles: the highest price the operation has cost. */
  reserve: string;
  /** How long the request can possibly take with its retries: after that a pending row is an unknown outcome. */
  leaseMs: number;
  /** Refuses the call from the figures, or null to admit it. */
  check: (figures: BudgetFigures) => Refusal | null;
}

export type JournalResult =
  | { kind: 'journalled'; id: string }
  | { kind: 'refused'; refusal: Refusal }
  /** Another process (or browser) is buying this very page now: wait for it rather than buy it twice. */
  | { kind: 'in-flight'; id: string };

export interface ArchiveWrite { body: string; subject: string; accounts: { restId: string; handle: string }[] }

const HOST = os.hostname();
const OWNER = `${HOST}:${process.pid}`;

function processGone(owner: string): boolean {
  const [host, pid] = owner.split(':');
  if (host !== HOST || !pid) return false;
  if (Number(pid) === process.pid) return false;
  try { process.kill(Number(pid), 0); return false; } catch (error) { return (error as NodeJS.ErrnoException).code !== 'EPERM'; }
}

const summaryOf = (sessionId: string, startedAt: string, totals: TotalsTable): SessionSummary => ({
  id: sessionId, startedAt, calls: totals.calls, failedFree: totals.failed_free, total: totals.spent,
  byOperation: {
    timeline: { calls: totals.timeline_calls, total: totals.timeline_spent },
    search: { calls: totals.search_calls, total: totals.search_spent },
  },
});

/**
 * The ledger, the budget figures and the sessions, in the store shared by every process. Each
 * paid call is a row journalled ('pending', holding its reservation) before it is sent and settled
 * in one transaction with the totals, the prices and the archive.
 */
export class LedgerStore {
  constructor(readonly db: Db, readonly period: Period) {}

  private get read(): Kysely<Database> { return this.db.kysely; }

  async currentSession(db: Kysely<Database> = this.read): Promise<{ id: string; startedAt: string }> {
    const row = await db.selectFrom('sessions').selectAll().orderBy('started_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (row) return { id: row.id, startedAt: row.started_at };
    return this.db.write(async (trx) => {
      const again = await trx.selectFrom('sessions').selectAll().orderBy('started_at', 'desc').limit(1).executeTakeFirst();
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

  private async figures(db: Kysely<Database>): Promise<BudgetFigures> {
    const session = await this.currentSession(db);
    const inPeriod = await readTotals(db, periodScope(this.period, new Date()));
    const inSession = await readTotals(db, sessionScope(session.id));
    const pending = await db.selectFrom('purchases').select('reserved').where('state', '=', 'pending').execute();
    const personal = await db.selectFrom('settings').select('value').where('key', '=', 'personal_limit').executeTakeFirst();
    const reserved = pending.reduce((sum, row) => sum.plus(row.reserved), new Big(0)).toString();
    return { spentInPeriod: inPeriod.spent, spentInSession: inSession.spent, reserved, sessionId: session.id, personalLimit: personal?.value ?? null };
  }

  /** Read outside the write lock: for display only, never for an admission. */
  budgetFigures(): Promise<BudgetFigures> { return this.figures(this.read); }

  /**
   * No record, no spend: admits and journals a paid request in one locked transaction, or refuses it.
   * Throws LedgerWriteError when the store cannot be written; then nothing may be sent.
   */
  async journal(request: JournalRequest): Promise<JournalResult> {
    try {
      return await this.db.write(async (trx) => {
        const now = new Date();
        const inFlight = await trx.selectFrom('purchases').select('id')
          .where('page_key', '=', request.pageKey).where('state', '=', 'pending').where('lease_until', '>', now.toISOString())
          .executeTakeFirst();
        if (inFlight) return { kind: 'in-flight', id: inFlight.id } as const;
        const figures = await this.figures(trx);
        const refusal = request.check(figures);
        if (refusal) return { kind: 'refused', refusal } as const;
        const id = randomUUID();
        const last = await trx.selectFrom('purchases').select((eb) => eb.fn.max('seq').as('seq')).executeTakeFirst();
        await trx.insertInto('purchases').values({
          id, seq: Number(last?.seq ?? 0) + 1, at: now.toISOString(), session_id: figures.sessionId, operation: request.operation,
          params: JSON.stringify(request.params), page_key: request.pageKey, state: 'pending', reserved: request.reserve,
          lease_until: new Date(now.getTime() + request.leaseMs).toISOString(), owner: OWNER,
          status: 0, credits: '0', duration_ms: 0, ok: 0, charged: 'unknown', attempts: '[]', error_kind: null,
        }).execute();
        return { kind: 'journalled', id } as const;
      });
    } catch (error) {
      throw new LedgerWriteError(describeStorageError(error, this.db.label));
    }
  }

  /** Settles a journalled call with what the upstream said, with its totals, prices and archived answer. */
  async settle(id: string, call: NewCall, archive: ArchiveWrite | null): Promise<CallRow> {
    const credits = new Big(call.credits).toString();
    return this.db.write(async (trx) => {
      const row = await trx.selectFrom('purchases').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      if (row.state === 'settled') return toCallRow(row);
      // Booked as unknown by another process after its lease ran out: correct the booking, count the call once.
      const booked = row.state === 'unknown' || row.state === 'cleared' ? row.credits : null;
      const settled = {
        state: 'settled' as const, reserved: '0', status: call.status, credits, duration_ms: call.durationMs, ok: call.ok ? 1 : 0,
        charged: call.charged, attempts: JSON.stringify(call.attempts), error_kind: call.errorKind ?? null,
      };
      await trx.updateTable('purchases').set(settled).where('id', '=', id).execute();
      const counted = call.charged !== 'no';
      await addToTotals(trx, scopesOf(new Date(row.at), row.session_id), booked === null
        ? { operation: call.operation, credits, calls: counted ? 1 : 0, freeCalls: counted ? 0 : 1 }
        : { operation: call.operation, credits: new Big(credits).minus(booked).toString(), calls: 0, freeCalls: 0 });
      if (call.charged === 'yes' && new Big(credits).gt(0)) await this.seePrice(trx, call.operation, credits);
      if (archive) await this.archive(trx, row.page_key, row, archive, credits);
      return toCallRow({ ...row, ...settled });
    });
  }

  private async seePrice(trx: Kysely<Database>, operation: Operation, credits: string) {
    const known = await trx.selectFrom('prices').selectAll().where('operation', '=', operation).executeTakeFirst();
    const highest = known && new Big(known.highest).gt(credits) ? known.highest : credits;
    const next = { operation, last: credits, highest };
    await trx.insertInto('prices').values(next).onConflict((conflict) => conflict.column('operation').doUpdateSet(next)).execute();
  }

  private async archive(trx: Kysely<Database>, pageKey: string, row: { id: string; operation: string; params: string }, entry: ArchiveWrite, credits: string) {
    const value = { page_key: pageKey, operation: row.operation, params: row.params, body: entry.body, bought_at: new Date().toISOString(), purchase_id: row.id, credits, subject: entry.subject };
    await trx.insertInto('archive').values(value).onConflict((conflict) => conflict.column('page_key').doUpdateSet(value)).execute();
    for (const account of entry.accounts) {
      const mapping = { rest_id: account.restId, handle: account.handle };
      await trx.insertInto('accounts').values(mapping).onConflict((conflict) => conflict.column('rest_id').doUpdateSet(mapping)).execute();
    }
  }

  /** Latest and highest charged price per operation, across every process. */
  async prices(): Promise<Record<Operation, { last: string; highest: string } | null>> {
    const rows = await this.read.selectFrom('prices').selectAll().execute();
    const of = (operation: Operation) => rows.find((row) => row.operation === operation) ?? null;
    return { timeline: of('timeline'), search: of('search') };
  }

  async summary(): Promise<SessionSummary> {
    const session = await this.currentSession();
    return summaryOf(session.id, session.startedAt, await readTotals(this.read, sessionScope(session.id)));
  }

  async spentInPeriod(): Promise<string> { return (await readTotals(this.read, periodScope(this.period, new Date()))).spent; }

  /** One page of a session's rows, newest first; `before` is the `seq` cursor of the last row already shown. */
  async rowsPage(options: { sessionId?: string; before?: number; limit: number }): Promise<{ rows: CallRow[]; nextCursor: number | null; sessionId: string }> {
    const sessionId = options.sessionId ?? (await this.currentSession()).id;
    let query = this.read.selectFrom('purchases').selectAll().where('session_id', '=', sessionId).where('state', '!=', 'pending');
    if (options.before !== undefined) query = query.where('seq', '<', options.before);
    const rows = await query.orderBy('seq', 'desc').limit(options.limit + 1).execute();
    const page = rows.slice(0, options.limit);
    return { rows: page.map(toCallRow), nextCursor: rows.length > options.limit ? page[page.length - 1]!.seq : null, sessionId };
  }

  /** Every settled row journalled in [from, to), oldest first, in batches: an export never holds the ledger in memory. */
  async *rowsBetween(from: string, to: string, batch = 500): AsyncGenerator<CallRow> {
    let after = 0;
    for (;;) {
      const rows = await this.read.selectFrom('purchases').selectAll().where('state', '!=', 'pending')
        .where('at', '>=', from).where('at', '<', to).where('seq', '>', after).orderBy('seq').limit(batch).execute();
      for (const row of rows) yield toCallRow(row);
      if (rows.length < batch) return;
      after = rows[rows.length - 1]!.seq;
    }
  }

  async findRow(id: string): Promise<CallRow | undefined> {
    const row = await this.read.selectFrom('purchases').selectAll().where('id', '=', id).where('state', '!=', 'pending').executeTakeFirst();
    return row ? toCallRow(row) : undefined;
  }

  async pastSessions(limit = 20): Promise<SessionSummary[]> {
    const sessions = await this.read.selectFrom('sessions').selectAll().orderBy('started_at', 'desc').orderBy('id', 'desc').offset(1).limit(limit).execute();
    return Promise.all(sessions.map(async (session) => summaryOf(session.id, session.started_at, await readTotals(this.read, sessionScope(session.id)))));
  }

  async personalLimit(): Promise<string | null> {
    return (await this.read.selectFrom('settings').select('value').where('key', '=', 'personal_limit').executeTakeFirst())?.value ?? null;
  }

  async setPersonalLimit(limit: string | null) {
    const value = { key: 'personal_limit', value: limit };
    await this.db.write((trx) => trx.insertInto('settings').values(value).onConflict((conflict) => conflict.column('key').doUpdateSet(value)).execute());
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
      for (const row of abandoned) {
        await trx.updateTable('purchases').set({
          state: 'unknown', credits: row.reserved, reserved: '0', charged: 'unknown', error_kind: 'outcome_unknown',
          attempts: JSON.stringify([{ at: row.at, status: 0, durationMs: 0, credits: row.reserved, charged: 'unknown' }]),
        }).where('id', '=', row.id).execute();
        await addToTotals(trx, scopesOf(new Date(row.at), row.session_id), { operation: row.operation as Operation, credits: row.reserved, calls: 1, freeCalls: 0 });
      }
      return abandoned.length;
    });
  }

  async outcomesUnknown(): Promise<CallRow[]> {
    return (await this.read.selectFrom('purchases').selectAll().where('state', '=', 'unknown').orderBy('seq').execute()).map(toCallRow);
  }

  /** The operator's release of unknown outcomes from the budget periods (`npm run ledger -- clear-unknown`); the session views keep them. */
  async clearUnknownOutcomes(): Promise<number> {
    return this.db.write(async (trx) => {
      const unknown = await trx.selectFrom('purchases').selectAll().where('state', '=', 'unknown').execute();
      for (const row of unknown) {
        await trx.updateTable('purchases').set({ state: 'cleared' }).where('id', '=', row.id).execute();
        const budgetScopes = scopesOf(new Date(row.at), row.session_id).filter((scope) => !scope.startsWith('session:'));
        await addToTotals(trx, budgetScopes, { operation: row.operation as Operation, credits: new Big(row.credits).neg().toString(), calls: -1, freeCalls: 0 });
      }
      return unknown.length;
    });
  }
}
