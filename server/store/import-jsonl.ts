import Big from 'big.js';
import fs from 'node:fs';
import path from 'node:path';
import { purchaseKey } from '../../src/contract/identity.ts';
import { PriceBook, upgradeRow, type CallRow, type Operation } from '../ledger/rows.ts';
import type { Db } from './open.ts';
import { addToTotals, scopesOf, toNano } from './totals.ts';
import { spendSubject } from './spend/subject.ts';
import { PAID_OPERATIONS } from '../../src/contract/operations.ts';

type LegacyEvent =
  | ({ type: 'call' } & Omit<CallRow, 'charged' | 'attempts'> & Partial<Pick<CallRow, 'charged' | 'attempts'>>)
  | { type: 'session'; id: string; at: string }
  | { type: 'budget'; limit: string | null }
  | { type: 'pending'; id: string; session: string; at: string; operation: Operation; params: Record<string, unknown> }
  | { type: 'cleared'; ids: string[] };

function readEvents(file: string): LegacyEvent[] {
  const events: LegacyEvent[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    // A torn last line from a crash mid-write held nothing settled: skipped, as the old replay did.
    try {
      events.push(JSON.parse(line) as LegacyEvent);
    } catch {
      /* torn */
    }
  }
  return events;
}

/**
 * Imports the JSON-lines ledger of earlier versions once, in one transaction: sessions, every call
 * row with its exact credits, the personal limit, and journalled calls that never settled (as
 * outcomes unknown, as the old replay booked them). The file stays where it was, renamed
 * `.imported`, so a second start never imports it twice.
 */
export async function importLegacyLedger(
  db: Db,
  dataDir: string,
  highestPrice: (operation: Operation) => string,
): Promise<number> {
  const file = path.join(dataDir, 'ledger.jsonl');
  if (!fs.existsSync(file)) return 0;
  const events = readEvents(file);
  const importedKey = `imported_jsonl:${fs.realpathSync(file)}`;
  const imported = await db.write(async (trx) => {
    // Per file: instances with data directories of their own, sharing one PostgreSQL, each bring their own ledger.
    if (await trx.selectFrom('settings').select('key').where('key', '=', importedKey).executeTakeFirst()) return 0;
    let session = { id: 'imported', at: events.find((event) => 'at' in event)?.at ?? new Date().toISOString() };
    let seq = Number(
      (
        await trx
          .selectFrom('purchases')
          .select((eb) => eb.fn.max('seq').as('seq'))
          .executeTakeFirst()
      )?.seq ?? 0,
    );
    const settled = new Set<string>();
    const cleared = new Set(events.flatMap((event) => (event.type === 'cleared' ? event.ids : [])));
    const sessions = new Map<string, string>();
    let personal: string | null | undefined;
    const pending: Extract<LegacyEvent, { type: 'pending' }>[] = [];
    for (const event of events) if (event.type === 'call') settled.add(event.id);
    // The prices the file's rows were charged, as the old replay learnt them: what its unsettled calls are booked at.
    const book = new PriceBook();
    let count = 0;
    for (const event of events) {
      if (event.type === 'session') {
        session = { id: event.id, at: event.at };
        sessions.set(event.id, event.at);
        continue;
      }
      if (event.type === 'budget') {
        personal = event.limit;
        continue;
      }
      if (event.type === 'pending') {
        if (!settled.has(event.id)) pending.push(event);
        continue;
      }
      if (event.type !== 'call') continue;
      const { type: _type, ...stored } = event;
      const row = upgradeRow(stored);
      book.see(row);
      if (!sessions.has(session.id)) sessions.set(session.id, session.at);
      seq += 1;
      await trx
        .insertInto('purchases')
        .values({
          id: row.id,
          seq,
          at: row.at,
          session_id: session.id,
          operation: row.operation,
          params: JSON.stringify(row.params),
          page_key: purchaseKey(row.operation, row.params),
          state: 'settled',
          reserved: '0',
          lease_until: row.at,
          owner: 'imported',
          status: row.status,
          credits: new Big(row.credits).toString(),
          duration_ms: row.durationMs,
          ok: row.ok ? 1 : 0,
          charged: row.charged,
          attempts: JSON.stringify(row.attempts),
          error_kind: row.errorKind ?? null,
          subject: spendSubject(row.operation, row.params),
        })
        .execute();
      const counted = row.charged !== 'no';
      await addToTotals(trx, scopesOf(new Date(row.at), session.id), {
        operation: row.operation,
        credits: row.credits,
        calls: counted ? 1 : 0,
        freeCalls: counted ? 0 : 1,
      });
      count += 1;
    }
    for (const event of pending) {
      const price = book.highestPrice(event.operation) ?? highestPrice(event.operation);
      const sessionId = sessions.has(event.session) ? event.session : session.id;
      if (!sessions.has(sessionId)) sessions.set(sessionId, session.at);
      seq += 1;
      await trx
        .insertInto('purchases')
        .values({
          id: event.id,
          seq,
          at: event.at,
          session_id: sessionId,
          operation: event.operation,
          params: JSON.stringify(event.params),
          page_key: purchaseKey(event.operation, event.params),
          state: cleared.has(event.id) ? 'cleared' : 'unknown',
          reserved: '0',
          lease_until: event.at,
          owner: 'imported',
          status: 0,
          credits: price,
          duration_ms: 0,
          ok: 0,
          charged: 'unknown',
          error_kind: 'outcome_unknown',
          subject: spendSubject(event.operation, event.params),
          attempts: JSON.stringify([{ at: event.at, status: 0, durationMs: 0, credits: price, charged: 'unknown' }]),
        })
        .execute();
      const scopes = scopesOf(new Date(event.at), sessionId).filter(
        (scope) => !cleared.has(event.id) || scope.startsWith('session:'),
      );
      await addToTotals(trx, scopes, { operation: event.operation, credits: price, calls: 1, freeCalls: 0 });
      count += 1;
    }
    for (const operation of PAID_OPERATIONS) {
      const last = book.lastPrice(operation);
      const highest = book.highestPrice(operation);
      if (last === null || highest === null) continue;
      const known = await trx
        .selectFrom('prices')
        .select('highest')
        .where('operation', '=', operation)
        .executeTakeFirst();
      if (!known)
        await trx
          .insertInto('prices')
          .values({ operation, last, highest, highest_nano: toNano(highest) })
          .execute();
      else if (new Big(highest).gt(known.highest))
        await trx
          .updateTable('prices')
          .set({ highest, highest_nano: toNano(highest) })
          .where('operation', '=', operation)
          .execute();
    }
    for (const [id, startedAt] of sessions) {
      await trx
        .insertInto('sessions')
        .values({ id, started_at: startedAt })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
    }
    if (personal !== undefined) {
      await trx
        .insertInto('settings')
        .values({ key: 'personal_limit', value: personal })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: personal }))
        .execute();
    }
    await trx.insertInto('settings').values({ key: importedKey, value: new Date().toISOString() }).execute();
    return count;
  });
  try {
    fs.renameSync(file, `${file}.imported`);
  } catch (error) {
    // Two processes starting together on one folder: the other one renamed it first, after the same import.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return imported;
}
