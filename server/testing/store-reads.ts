import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PaidOperation } from '../../src/contract/operations.ts';
import type { CallRow } from '../ledger/rows.ts';
import type { LedgerStore } from '../store/ledger-store.ts';
import type { NewCall } from '../store/write-path/settle.ts';
import { openDb, type Db, type StoreKind } from '../store/open.ts';
import { openStore, type Store } from '../store/store.ts';
import type { Period } from '../store/totals.ts';
import { freshPostgresDatabase } from './harness.ts';

/**
 * How store tests look at what a proxy wrote, now that the ledger is a database and not a file
 * one could read line by line: through the API the UI reads, or through the store opened as a
 * second reader would.
 */

/** A store a test owns: a data directory (SQLite's, and where a legacy ledger.jsonl is looked for) and, for PostgreSQL, a database of its own. */
export interface ScratchStore {
  kind: StoreKind;
  dataDir: string;
  databaseUrl: string | null;
  remove(): Promise<void>;
}

export async function scratchStore(kind: StoreKind): Promise<ScratchStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-store-test-'));
  const database = kind === 'postgres' ? await freshPostgresDatabase() : null;
  return {
    kind,
    dataDir,
    databaseUrl: database?.url ?? null,
    remove: async () => {
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The store opened the way a server opens it (legacy import, abandoned calls settled), with the stand-in's list prices. */
export function openScratch(
  store: { dataDir: string; databaseUrl: string | null },
  options: {
    period?: Period;
    archiveFreshForMs?: number;
    listPrices?: Record<PaidOperation, number> | null;
  } = {},
): Promise<Store> {
  return openStore(
    {
      dataDir: store.dataDir,
      databaseUrl: store.databaseUrl,
      creditLimitPeriod: options.period ?? 'total',
      archiveFreshForMs: options.archiveFreshForMs ?? 86_400_000,
    },
    options.listPrices === undefined ? { timeline: 0.1, search: 0.2 } : options.listPrices,
  );
}

/** The database alone, with nothing settled or imported on opening: what was left behind, as it was left. */
export function openRaw(store: { dataDir: string; databaseUrl: string | null }): Promise<Db> {
  return openDb({ dataDir: store.dataDir, databaseUrl: store.databaseUrl });
}

/** One purchase booked straight into the store, as the proxy books it: journalled, then settled. */
export async function book(ledger: LedgerStore, call: NewCall): Promise<CallRow> {
  const pageKey = `test:${Math.random().toString(36).slice(2)}`;
  const journal = await ledger.journal.record({
    operation: call.operation,
    params: call.params,
    pageKey,
    reserve: '0',
    leaseMs: 60_000,
  });
  if (journal.kind !== 'journalled') throw new Error(`not journalled: ${JSON.stringify(journal)}`);
  return ledger.settlements.settle(journal.id, call, null);
}

/** A paid call's settlement as the upstream would have it: charged if it cost or succeeded. */
export function paidCall(
  credits: number | string,
  options: { ok?: boolean; operation?: PaidOperation; charged?: 'yes' | 'no' | 'unknown' } = {},
): NewCall {
  const ok = options.ok ?? true;
  const charged = options.charged ?? (ok || Number(credits) > 0 ? 'yes' : 'no');
  const status = ok ? 200 : 500;
  const operation = options.operation ?? 'timeline';
  return {
    operation,
    params: operation === 'timeline' ? { screen_name: 'ada' } : { q: 'x', num: 10, page: '1' },
    status,
    credits,
    durationMs: 5,
    ok,
    charged,
    attempts: [{ at: new Date().toISOString(), status, durationMs: 5, credits: String(credits), charged }],
  };
}

type Api = (pathname: string) => Promise<Response>;

/** Every row of a session (the current one by default), oldest first, read page by page from /api/_session/calls. */
export async function allRows<T = CallRow>(api: Api, session?: string): Promise<T[]> {
  const pages: T[][] = [];
  let before: number | null | undefined;
  do {
    const query = new URLSearchParams({
      limit: '500',
      ...(before ? { before: String(before) } : {}),
      ...(session ? { session } : {}),
    });
    const response = await api(`/api/_session/calls?${query}`);
    if (response.status !== 200)
      throw new Error(`/api/_session/calls answered ${response.status}: ${await response.text()}`);
    const page = (await response.json()) as { rows: T[]; nextCursor: number | null };
    pages.unshift(page.rows);
    before = page.nextCursor;
  } while (before);
  return pages.flat();
}

/** Every row of every table, in a stable order: two dumps are equal only if nothing at all was written in between. */
export async function dumpStore(db: Db) {
  const k = db.kysely;
  return {
    sessions: await k.selectFrom('sessions').selectAll().orderBy('id').execute(),
    settings: await k.selectFrom('settings').selectAll().orderBy('key').execute(),
    purchases: await k.selectFrom('purchases').selectAll().orderBy('seq').execute(),
    totals: await k.selectFrom('totals').selectAll().orderBy('scope').execute(),
    prices: await k.selectFrom('prices').selectAll().orderBy('operation').execute(),
    archive: await k.selectFrom('archive').selectAll().orderBy('page_key').execute(),
    accounts: await k.selectFrom('accounts').selectAll().orderBy('rest_id').execute(),
  };
}
