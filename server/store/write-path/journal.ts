import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import Big from 'big.js';
import { withOneMore } from '../../budget/figures.ts';
import type { Limits, Refusal } from '../../budget/limits.ts';
import type { Operation } from '../../ledger/rows.ts';
import type { FigureSources } from '../budget-figures.ts';
import { describeStorageError, LedgerWriteError, storageAdvice } from '../errors.ts';
import { GroupCommit } from '../group-commit.ts';
import type { Db } from '../open.ts';
import { OWNER } from '../owner.ts';
import type { Database, PurchaseTable } from '../schema.ts';
import { spendSubject } from '../spend/subject.ts';
import { scopesOf, TotalsChanges } from '../totals.ts';
import { readAdmissionFigures, type Standing } from './admission-figures.ts';

/** The higher of two prices, either unknown (null). */
function higherPrice(a: string | null, b: string | undefined): string | null {
  if (b === undefined) return a;
  return a === null || new Big(b).gt(a) ? b : a;
}

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
  /** The purchase whose answer the archive held for this page when the caller decided to buy (null: none). */
  archivedSeen?: string | null;
  /** The collection job buying it, if one is: the spend breakdown groups by it. */
  jobId?: string;
  /** The watch whose run is buying it (#37): its cap counts it, the spend breakdown can group by it. */
  watchId?: string;
  /** Who is buying (#28): the row is theirs, and their own limit is checked with the operator's. */
  person?: string | null;
}

export type JournalResult =
  | { kind: 'journalled'; id: string }
  | { kind: 'refused'; refusal: Refusal }
  /** Another process (or browser) is buying this very page now: wait for it rather than buy it twice. */
  | { kind: 'in-flight'; id: string }
  /** A call nobody could price is in flight under a limit (or this one is unpriced and others are): ask again once it settles. */
  | { kind: 'wait' }
  /** The buyer was removed, or made a viewer, since they asked (or since their job or watch was made): nothing sent. */
  | { kind: 'not-allowed'; standing: Exclude<Standing, 'buys'>; person: string };

/** A journal entry: response_headers stays null until it settles. */
type JournalRow = Insertable<PurchaseTable> & { seq: number };
/** The setting a store that refused a journal entry is written to, to find it taking writes again. */
const READINESS_PROBE = 'readiness_probe';

/** Rows per insert statement: well under either database's limit on parameters. */
const ROWS_PER_INSERT = 50;

/**
 * No record, no spend: each paid request is admitted by the budget's rules (budget/limits.ts) and
 * journalled as a 'pending' row holding its reservation, in one transaction under the journal's lock
 * (Db.write: journal entries one batch at a time, across processes; settlements go on beside it), before it
 * is sent; or it is refused and not sent at all. What it holds is added to its scopes' totals rows in the
 * same transaction. Requests that arrive together are journalled together (GroupCommit).
 */
export class Journal {
  constructor(
    private readonly db: Db,
    private readonly limits: Limits,
    private readonly figureSources: FigureSources,
    /** Called after each entry written: the store takes writes again. */
    private readonly written: () => void,
  ) {}

  private readonly batches = new GroupCommit<JournalRequest, JournalResult>((requests) =>
    this.db.write((trx) => this.journalBatch(trx, requests)),
  );

  private refusal: string | null = null;

  /** Throws LedgerWriteError when the store cannot be written; then nothing may be sent. */
  async record(request: JournalRequest): Promise<JournalResult> {
    try {
      const journalled = await this.batches.submit(request);
      this.tookWrites();
      return journalled;
    } catch (error) {
      this.refusal = describeStorageError(error, this.db.label);
      throw new LedgerWriteError(this.refusal, storageAdvice(error));
    }
  }

  /**
   * Why the store refused the last journal entry (a full disk, a read-only file), until it takes a write again: paid
   * calls are refused meanwhile, so the server is not ready. Asked while refusing, it tries one small write of its own
   * (a setting nobody reads), so the store is found back without a paid call to find it.
   */
  async refusing(): Promise<string | null> {
    if (this.refusal === null) return null;
    try {
      await this.db.write((trx) =>
        trx
          .insertInto('settings')
          .values({ key: READINESS_PROBE, value: new Date().toISOString() })
          .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: new Date().toISOString() }))
          .execute(),
      );
      this.tookWrites();
    } catch {
      /* still refused: said as it was */
    }
    return this.refusal;
  }

  private tookWrites() {
    this.refusal = null;
    this.written();
  }

  /**
   * A few statements per batch whatever its size: the figures are read once (admission-figures.ts) and carried
   * forward in order; what the admitted calls hold is added to their scopes' totals rows in one statement, the
   * batch's last, so those rows are held for as short a time as the transaction allows.
   */
  private async journalBatch(trx: Kysely<Database>, requests: JournalRequest[]): Promise<JournalResult[]> {
    const now = new Date();
    const read = await readAdmissionFigures(
      trx,
      this.figureSources,
      requests.map((request) => request.person ?? null),
      now,
    );
    // After the pending calls, never before: a settlement (it takes no lock of the journal's) that archives a page
    // and ends its pending row in one commit is then seen in one read or the other, so the page is not bought twice.
    const archivedNow = await this.archivedPurchases(trx, requests);
    let figures = read.store;
    const { people, sessions, pendingByPage: inFlight, standing } = read;
    const last = await trx
      .selectFrom('purchases')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst();
    let seq = Number(last?.seq ?? 0);
    const rows: JournalRow[] = [];
    const held = new TotalsChanges();
    const results = requests.map((request): JournalResult => {
      // Their role now, read in the journal's transaction: a change an admin made is in force from its commit on.
      const stands = request.person ? standing.get(request.person)! : 'buys';
      if (stands !== 'buys') return { kind: 'not-allowed', standing: stands, person: request.person! };
      const pending = inFlight.get(request.pageKey);
      if (pending) return { kind: 'in-flight', id: pending };
      const archived = archivedNow.get(request.pageKey);
      if (request.archivedSeen !== undefined && archived !== undefined && archived !== request.archivedSeen)
        return { kind: 'in-flight', id: archived };
      const person = request.person ? (people.get(request.person) ?? null) : null;
      // Each buyer's own session and session limit (#33): what one person set never stops another.
      const session = sessions.get(request.person ?? null)!;
      // The caller's ceiling, or the store's highest price when that is higher: what the call holds from now on.
      const reserve = higherPrice(request.reserve, figures.highest.get(request.operation));
      const admission = this.limits.admit({ ...figures, ...session, person }, { ...request, reserve });
      if (admission.kind !== 'admitted') return admission;
      figures = withOneMore(figures, admission.reserve, admission.unpriced);
      if (person)
        people.set(person.name, { ...person, reserved: new Big(person.reserved).plus(admission.reserve).toString() });
      const id = randomUUID();
      inFlight.set(request.pageKey, id);
      seq += 1;
      rows.push({
        id,
        seq,
        at: now.toISOString(),
        session_id: session.sessionId,
        operation: request.operation,
        params: JSON.stringify(request.params),
        page_key: request.pageKey,
        state: 'pending',
        reserved: admission.reserve,
        lease_until: new Date(now.getTime() + request.leaseMs).toISOString(),
        owner: OWNER,
        status: 0,
        credits: '0',
        duration_ms: 0,
        ok: 0,
        charged: 'unknown',
        attempts: '[]',
        error_kind: null,
        subject: spendSubject(request.operation, request.params),
        job_id: request.jobId ?? null,
        watch_id: request.watchId ?? null,
        person: request.person ?? null,
      });
      held.add(scopesOf(now, session.sessionId, request.person ?? null), {
        operation: request.operation,
        credits: '0',
        calls: 0,
        freeCalls: 0,
        reserved: admission.reserve,
      });
      return { kind: 'journalled', id };
    });
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT)
      await trx
        .insertInto('purchases')
        .values(rows.slice(start, start + ROWS_PER_INSERT))
        .execute();
    await held.apply(trx);
    return results;
  }

  /** A page archived by another process since the caller looked (and decided to buy) is not bought again. */
  private async archivedPurchases(trx: Kysely<Database>, requests: JournalRequest[]) {
    const pageKeys = [
      ...new Set(requests.filter((request) => request.archivedSeen !== undefined).map((request) => request.pageKey)),
    ];
    if (pageKeys.length === 0) return new Map<string, string>();
    const rows = await trx
      .selectFrom('archive')
      .select(['page_key', 'purchase_id'])
      .where('page_key', 'in', pageKeys)
      .execute();
    return new Map(rows.map((row) => [row.page_key, row.purchase_id]));
  }
}
