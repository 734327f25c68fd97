import Big from 'big.js';
import type { Kysely, Selectable } from 'kysely';
import type { CallRow, Operation } from '../../ledger/rows.ts';
import { highestPrices } from '../budget-figures.ts';
import { storeUnavailable } from '../errors.ts';
import { GroupCommit } from '../group-commit.ts';
import type { Db, StoreKind } from '../open.ts';
import { toCallRow } from '../rows-map.ts';
import type { ArchiveTable, Database, PurchaseTable } from '../schema.ts';
import { SettleRetry } from '../settle-retry.ts';
import { scopesOf, toNano, TotalsChanges } from '../totals.ts';

/** What a settled row says that an answer carries (its id, status, credits, charge), known before the row is written. */
export type SettledCall = Pick<CallRow, 'id' | 'status' | 'credits' | 'durationMs' | 'charged'>;

/**
 * Settles journalled calls with what the upstream said: the row, the totals, the prices and the archived
 * answer in one transaction, calls settling together in one batch (GroupCommit). A settlement the store
 * refuses is kept and retried (SettleRetry) while its row stays pending, its reservation still counted.
 */
export class Settlements {
  private archivedListener: ((pageKeys: string[]) => void) | null = null;

  constructor(private readonly db: Db) {}

  private readonly batches = new GroupCommit<Settlement, CallRow>(async (items) => {
    const { rows, archivedKeys } = await this.db.transact((trx) => settleBatch(trx, items, this.db.kind));
    // Committed whatever the listener does: a failure to hand pages over only delays their indexing to the next search.
    try {
      this.archivedListener?.(archivedKeys);
    } catch {
      /* indexed by the next full catch-up */
    }
    return rows;
  });

  private readonly unsettled = new SettleRetry<Settlement>((item) => this.batches.submit(item));

  /** Told the page keys of each batch of answers this process has archived, once they are committed. */
  onArchived(listener: (pageKeys: string[]) => void) {
    this.archivedListener = listener;
  }

  /** Settles a journalled call with what the upstream said, with its totals, prices and archived answer. */
  settle(
    id: string,
    call: NewCall,
    archive: ArchiveWrite | null,
    responseHeaders?: Record<string, string>[],
  ): Promise<CallRow> {
    return this.batches.submit({ id, call, archive, responseHeaders });
  }

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

  /** The store has taken another write: settlements it refused need not wait for their next round. */
  storeIsBack() {
    this.unsettled.storeIsBack();
  }

  /** Whether this call's settlement is kept in memory because the store refused it: its row stays pending until then. */
  isKept(id: string): boolean {
    return this.unsettled.holds((settlement) => settlement.id === id);
  }

  /** Settlements kept in memory because the store refused them, not yet written. */
  get unsettledCount(): number {
    return this.unsettled.size;
  }

  /** At a clean shutdown: tries the kept settlements once more; resolves with how many are still unwritten. */
  flushUnsettled(): Promise<number> {
    return this.unsettled.flush();
  }
}

// One batch of settlements, in one transaction.

export type NewCall = Omit<CallRow, 'id' | 'session' | 'at' | 'credits' | 'person'> & { credits: number | string };

export interface ArchiveWrite {
  body: string;
  subject: string;
  accounts: { restId: string; handle: string }[];
}

/** What the upstream said about a journalled call, to be written over its pending row. */
export interface Settlement {
  id: string;
  call: NewCall;
  archive: ArchiveWrite | null;
  responseHeaders?: Record<string, string>[];
}

type PurchaseRow = Selectable<PurchaseTable>;
type Price = { last: string; highest: string };

/**
 * Settles a batch in one transaction: each row, then the batch's sums, prices and archived answers
 * written once each. Resolves with the settled rows, in order, and the page keys archived.
 */
export async function settleBatch(
  trx: Kysely<Database>,
  items: Settlement[],
  kind: StoreKind,
): Promise<{ rows: CallRow[]; archivedKeys: string[] }> {
  const ids = items.map((item) => item.id);
  const stored = await trx.selectFrom('purchases').selectAll().where('id', 'in', ids).execute();
  // The prices any process has learnt: a call whose charge is unknown is booked at its operation's, never at 0 when
  // the store knows one.
  const known = await highestPrices(trx);
  const storedById = new Map(stored.map((row) => [row.id, row]));
  const totals = new TotalsChanges();
  const prices = new Map<Operation, Price>();
  const archived = new Map<string, ArchiveTable>();
  const accounts = new Map<string, string>();
  const rows: CallRow[] = [];
  for (const { id, call, archive, responseHeaders } of items) {
    const credits =
      call.charged === 'unknown' && new Big(call.credits).eq(0)
        ? (known.get(call.operation) ?? '0')
        : new Big(call.credits).toString();
    for (let row = storedById.get(id); ; row = await purchase(trx, id)) {
      if (!row) throw new Error(`no journal entry ${id} to settle`);
      if (row.state === 'settled') {
        rows.push(toCallRow(row));
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
      // Only from the state (and what it holds) just read: a concurrent booking of this row, or a price learnt that
      // raised what it holds, makes the update miss, and it is read again.
      const updated = await trx
        .updateTable('purchases')
        .set(settled)
        .where('id', '=', id)
        .where('state', '=', row.state)
        .where('reserved', '=', row.reserved)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) continue;
      const counted = call.charged !== 'no';
      // A pending call stops holding what it held in the statement that counts what it cost: never neither.
      const released = row.state === 'pending' ? { reserved: new Big(row.reserved).neg().toString() } : {};
      totals.add(
        scopesOf(new Date(row.at), row.session_id, row.person),
        booked === null
          ? { operation: call.operation, credits, calls: counted ? 1 : 0, freeCalls: counted ? 0 : 1, ...released }
          : {
              operation: call.operation,
              credits: new Big(credits).minus(booked).toString(),
              calls: 0,
              freeCalls: 0,
              ...released,
            },
      );
      if (call.charged === 'yes' && new Big(credits).gt(0)) {
        const seen = prices.get(call.operation);
        prices.set(call.operation, {
          last: credits,
          highest: seen && new Big(seen.highest).gt(credits) ? seen.highest : credits,
        });
      }
      if (archive) {
        archived.set(row.page_key, archivedPage(row, archive, credits));
        for (const account of archive.accounts) accounts.set(account.restId, account.handle);
      }
      rows.push(toCallRow({ ...row, ...settled }));
      break;
    }
  }
  // Each kind of row in one order, the same in every settlement: two written side by side never wait on each other in a circle.
  await archivePages(
    trx,
    [...archived.values()].sort((a, b) => byText(a.page_key, b.page_key)),
  );
  await nameAccounts(trx, new Map([...accounts].sort(([a], [b]) => byText(a, b))));
  for (const [operation, price] of [...prices].sort(([a], [b]) => byText(a, b))) {
    const highest = await seePrice(trx, operation, price);
    await holdAtLeast(trx, kind, operation, highest, totals);
    if (!known.has(operation)) await priceUnpricedOutcomes(trx, operation, highest, totals);
  }
  // Last: the totals rows every admission reads are held for the commit alone.
  await totals.apply(trx);
  return { rows, archivedKeys: [...archived.keys()] };
}

/**
 * A price learnt higher than what calls still pending hold (one sent before any price was known holds 0; another
 * process's ceiling may be lower): they hold the new highest from now on, on their rows and their scopes' totals,
 * so the budget counts them at it (as it books them should their outcome be lost). Few rows: the calls in flight.
 */
async function holdAtLeast(
  trx: Kysely<Database>,
  kind: StoreKind,
  operation: Operation,
  highest: string,
  totals: TotalsChanges,
) {
  const pending = await trx
    .selectFrom('purchases')
    .select(['id', 'at', 'session_id', 'person', 'reserved'])
    .where('state', '=', 'pending')
    .where('operation', '=', operation)
    // PostgreSQL: a row another transaction is settling or booking is left to it (it stops holding anything), and
    // this one never waits for a row while holding the prices row that transaction may want next: no deadlock.
    .$if(kind === 'postgres', (query) => query.forUpdate().skipLocked())
    .execute();
  for (const row of pending.filter((call) => new Big(highest).gt(call.reserved))) {
    const raised = await trx
      .updateTable('purchases')
      .set({ reserved: highest })
      .where('id', '=', row.id)
      .where('state', '=', 'pending')
      .where('reserved', '=', row.reserved)
      .executeTakeFirst();
    // Settled or raised meanwhile by another process: what it holds is theirs to count.
    if (Number(raised.numUpdatedRows) === 0) continue;
    totals.add(scopesOf(new Date(row.at), row.session_id, row.person), {
      operation,
      credits: '0',
      calls: 0,
      freeCalls: 0,
      reserved: new Big(highest).minus(row.reserved).toString(),
    });
  }
}

/**
 * The first price learnt for an operation: calls of it whose charge is unknown were booked at 0 while nobody knew a
 * price (a timeout on the first call, a process killed during it); from now on they count at it, as every unknown
 * charge does, so the limits weigh them. Runs once per operation in a store's life: no index needed.
 */
async function priceUnpricedOutcomes(
  trx: Kysely<Database>,
  operation: Operation,
  price: string,
  totals: TotalsChanges,
) {
  const rows = await trx
    .selectFrom('purchases')
    .select(['id', 'at', 'session_id', 'person'])
    .where('operation', '=', operation)
    .where('charged', '=', 'unknown')
    .where('credits', '=', '0')
    .where('state', 'in', ['settled', 'unknown'])
    .execute();
  for (const row of rows) {
    const priced = await trx
      .updateTable('purchases')
      .set({ credits: price })
      .where('id', '=', row.id)
      .where('charged', '=', 'unknown')
      .where('credits', '=', '0')
      .where('state', 'in', ['settled', 'unknown'])
      .executeTakeFirst();
    if (Number(priced.numUpdatedRows) === 0) continue;
    totals.add(scopesOf(new Date(row.at), row.session_id, row.person), {
      operation,
      credits: price,
      calls: 0,
      freeCalls: 0,
    });
  }
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const purchase = (trx: Kysely<Database>, id: string) =>
  trx.selectFrom('purchases').selectAll().where('id', '=', id).executeTakeFirst();

const archivedPage = (row: PurchaseRow, archive: ArchiveWrite, credits: string): ArchiveTable => ({
  page_key: row.page_key,
  operation: row.operation,
  params: row.params,
  body: archive.body,
  bought_at: new Date().toISOString(),
  purchase_id: row.id,
  credits,
  subject: archive.subject,
  person: row.person,
});

/**
 * A batch's latest price, and its highest kept by the database's own comparison with what is stored: no read, no
 * lock. Resolves with the highest now stored.
 */
async function seePrice(trx: Kysely<Database>, operation: Operation, price: Price): Promise<string> {
  const stored = await trx
    .insertInto('prices')
    .values({ operation, last: price.last, highest: price.highest, highest_nano: toNano(price.highest) })
    .onConflict((conflict) =>
      conflict.column('operation').doUpdateSet((eb) => {
        const higher = eb('excluded.highest_nano', '>', eb.ref('prices.highest_nano'));
        return {
          last: eb.ref('excluded.last'),
          highest: eb.case().when(higher).then(eb.ref('excluded.highest')).else(eb.ref('prices.highest')).end(),
          highest_nano: eb
            .case()
            .when(higher)
            .then(eb.ref('excluded.highest_nano'))
            .else(eb.ref('prices.highest_nano'))
            .end(),
        };
      }),
    )
    .returning('highest')
    .executeTakeFirstOrThrow();
  return stored.highest;
}

/** The latest answer per page, replacing an older one (which keeps its page and operation). */
async function archivePages(trx: Kysely<Database>, pages: ArchiveTable[]) {
  if (pages.length === 0) return;
  await trx
    .insertInto('archive')
    .values(pages)
    .onConflict((conflict) =>
      conflict.column('page_key').doUpdateSet((eb) => ({
        params: eb.ref('excluded.params'),
        body: eb.ref('excluded.body'),
        bought_at: eb.ref('excluded.bought_at'),
        purchase_id: eb.ref('excluded.purchase_id'),
        credits: eb.ref('excluded.credits'),
        subject: eb.ref('excluded.subject'),
        person: eb.ref('excluded.person'),
      })),
    )
    .execute();
}

/** Each rest_id's latest handle, as the answers tell it. */
async function nameAccounts(trx: Kysely<Database>, accounts: Map<string, string>) {
  if (accounts.size === 0) return;
  await trx
    .insertInto('accounts')
    .values([...accounts].map(([rest_id, handle]) => ({ rest_id, handle })))
    .onConflict((conflict) => conflict.column('rest_id').doUpdateSet((eb) => ({ handle: eb.ref('excluded.handle') })))
    .execute();
}
