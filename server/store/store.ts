import fs from 'node:fs';
import path from 'node:path';
import Big from 'big.js';
import { Limits, type WarnAt } from '../budget/limits.ts';
import type { Operation } from '../ledger/rows.ts';
import { ArchiveStore } from './archive-store.ts';
import { diskReserve } from './disk-reserve.ts';
import { repairStoredDecimals } from './decimal-repair.ts';
import { describeStorageError } from './errors.ts';
import { importLegacyLedger } from './import-jsonl.ts';
import { LedgerStore } from './ledger-store.ts';
import { openDb, type Db } from './open.ts';
import type { Period } from './totals.ts';
import { makeDataDir } from './data-dir.ts';

/** Start-up failures a person can act on, said in one line (no stack). */
export class StartupError extends Error {}

export interface Store {
  db: Db;
  ledger: LedgerStore;
  archive: ArchiveStore;
  importedRows: number;
  close(): Promise<void>;
}

export interface StoreOptions {
  dataDir: string;
  databaseUrl: string | null;
  creditLimitPeriod: Period;
  archiveFreshForMs: number;
  /** The operator's CREDIT_LIMIT over creditLimitPeriod, and where its meter warns: none when absent. */
  creditLimit?: string | null;
  creditWarnAt?: WarnAt;
}

/** Room for a few rows, checked for real: a full disk or a read-only folder is found now, not at the first purchase. */
function probeDataDir(dataDir: string) {
  makeDataDir(dataDir);
  fs.accessSync(dataDir, fs.constants.W_OK);
  const probe = path.join(dataDir, '.creditscope-write-probe');
  try {
    fs.writeFileSync(probe, Buffer.alloc(4096));
  } finally {
    fs.rmSync(probe, { force: true });
  }
}

/**
 * Opens the store (SQLite in the data directory, or PostgreSQL at DATABASE_URL), migrates it,
 * imports a ledger.jsonl of an earlier version once, and settles calls a dead process left pending.
 */
export async function openStore(options: StoreOptions, listPrices: Record<Operation, number> | null): Promise<Store> {
  let db: Db;
  try {
    if (!options.databaseUrl) {
      // Room for the checkpoint that opening the store runs, and for the rows a start writes, on a volume it filled.
      diskReserve.release(options.dataDir);
      probeDataDir(options.dataDir);
    }
    db = await openDb({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  } catch (error) {
    const where = options.databaseUrl ? 'database (DATABASE_URL)' : options.dataDir;
    const full = (error as NodeJS.ErrnoException).code === 'ENOSPC' || /disk is full/i.test(String(error));
    const fix = options.databaseUrl
      ? 'Check DATABASE_URL and that the PostgreSQL server is running.'
      : full
        ? `Free some space on the disk that holds ${options.dataDir}, or set CREDITSCOPE_DATA_DIR to a folder on another.`
        : 'Set CREDITSCOPE_DATA_DIR to a folder this user can write.';
    throw new StartupError(`${describeStorageError(error, where)}. ${fix}`);
  }
  try {
    const limits = new Limits(options.creditLimit ?? null, options.creditLimitPeriod, options.creditWarnAt ?? null);
    const ledger = new LedgerStore(db, limits);
    // A decimal kept in another form ("1e-7", by an older version or by hand) is made plain before anything reads it.
    await repairStoredDecimals(db);
    const known = await ledger.prices();
    const highest = (operation: Operation) =>
      known[operation]?.highest ?? (listPrices ? new Big(listPrices[operation]).toString() : '0');
    const importedRows = await importLegacyLedger(db, options.dataDir, highest);
    await ledger.currentSession();
    await ledger.settleAbandoned();
    // Settlements the store refused are tried once more before it closes; a row left pending is "outcome unknown" at the next start.
    const close = async () => {
      await ledger.settlements.flushUnsettled();
      await db.close();
    };
    return { db, ledger, archive: new ArchiveStore(db, options.archiveFreshForMs), importedRows, close };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw new StartupError(`cannot open the store at ${db.label}: ${(error as Error).message}`, { cause: error });
  }
}
