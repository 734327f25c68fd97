import Big from 'big.js';
import type { Kysely, Selectable } from 'kysely';
import type { CallRow, Operation } from '../../ledger/rows.ts';
import { toCallRow } from '../rows-map.ts';
import type { ArchiveTable, Database, PurchaseTable } from '../schema.ts';
import { scopesOf, toNano, TotalsChanges } from '../totals.ts';

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
): Promise<{ rows: CallRow[]; archivedKeys: string[] }> {
  const ids = items.map((item) => item.id);
  const stored = await trx.selectFrom('purchases').selectAll().where('id', 'in', ids).execute();
  const storedById = new Map(stored.map((row) => [row.id, row]));
  const totals = new TotalsChanges();
  const prices = new Map<Operation, Price>();
  const archived = new Map<string, ArchiveTable>();
  const accounts = new Map<string, string>();
  const rows: CallRow[] = [];
  for (const { id, call, archive, responseHeaders } of items) {
    const credits = new Big(call.credits).toString();
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
      // Only from the state just read: a concurrent booking of this row makes the update miss, and it is read again.
      const updated = await trx
        .updateTable('purchases')
        .set(settled)
        .where('id', '=', id)
        .where('state', '=', row.state)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) continue;
      const counted = call.charged !== 'no';
      totals.add(
        scopesOf(new Date(row.at), row.session_id, row.person),
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
        archived.set(row.page_key, archivedPage(row, archive, credits));
        for (const account of archive.accounts) accounts.set(account.restId, account.handle);
      }
      rows.push(toCallRow({ ...row, ...settled }));
      break;
    }
  }
  await totals.apply(trx);
  for (const [operation, price] of prices) await seePrice(trx, operation, price);
  await archivePages(trx, [...archived.values()]);
  await nameAccounts(trx, accounts);
  return { rows, archivedKeys: [...archived.keys()] };
}

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

/** A batch's latest price, and its highest kept by the database's own comparison with what is stored: no read, no lock. */
async function seePrice(trx: Kysely<Database>, operation: Operation, price: Price) {
  await trx
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
    .execute();
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
