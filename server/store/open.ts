import fs from 'node:fs';
import path from 'node:path';
import Sqlite from 'libsql';
import { Kysely, PostgresDialect, sql, SqliteDialect, type Transaction } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { startCheckpointer, walLimits } from './checkpointer.ts';
import { diskReserve } from './disk-reserve.ts';
import { ThreadLock } from './thread-lock.ts';
import { migrationProvider } from './migrations.ts';
import type { Database } from './schema.ts';
import { makeDataDir } from './data-dir.ts';

export type StoreKind = 'sqlite' | 'postgres';

export interface Db {
  kind: StoreKind;
  /** Where the store is, without a password: for start-up lines and the Credits page. */
  label: string;
  kysely: Kysely<Database>;
  /**
   * A transaction that holds the journal's lock from its first statement, across processes: SQLite's BEGIN
   * IMMEDIATE, or a transaction-scoped advisory lock on PostgreSQL. Journal entries are admitted inside it one
   * batch at a time, so N processes can never both pass a check or both buy one page. Settlements do not take
   * it: they move a call from held to spent on the limits' own totals rows in one statement, and an admission
   * reads those rows in one statement (write-path/admission-figures.ts).
   */
  write<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T>;
  /** A transaction without the journal's lock, for writes whose every statement is atomic on its own (SQLite has one writer anyway). */
  transact<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** SQLite: the write lock this process's threads take before SQLite's, shared with a worker's own connection. */
  threadLock?: ThreadLock;
}

const BUDGET_LOCK = 7_310_417;
// bigint columns (seq) come back as strings from pg by default; they fit a double by far.
pg.types.setTypeParser(20, (value) => Number(value));

export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://(unreadable URL)';
  }
}

/**
 * Kysely prepares every query anew; the statements it sends are few and parameterised, so keeping
 * them prepared saves a fifth of a paid call's store time (profiled: prepare was its largest cost).
 */
function withStatementCache(database: Sqlite.Database, capacity = 256) {
  const statements = new Map<string, ReturnType<Sqlite.Database['prepare']>>();
  return {
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        statement = database.prepare(text);
        if (statements.size >= capacity) statements.delete(statements.keys().next().value!);
        statements.set(text, statement);
      }
      return statement;
    },
    close: () => database.close(),
  };
}

/**
 * Runs a statement that SQLite may refuse at once with SQLITE_BUSY, without waiting out busy_timeout: reading a
 * WAL another process is resetting (its checkpoint at start-up, or its checkpointer's) is refused so. Asked again
 * for up to 10 s, as a lock is waited for. Given to `exec`, not `pragma`: libsql leaves a prepared statement that
 * was refused mid-step in progress until it is garbage-collected, and every COMMIT on the connection fails
 * meanwhile ("cannot commit transaction - SQL statements in progress"); exec finalizes what it runs.
 */
const isBusy = (error: unknown) =>
  /SQLITE_BUSY|database is locked/i.test(String((error as Error).message) + String((error as { code?: string }).code));

function whenFree<T>(statement: () => T): T {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let attempt = 0; ; attempt += 1) {
    try {
      return statement();
    } catch (error) {
      if (attempt >= 100 || !isBusy(error)) throw error;
      Atomics.wait(pause, 0, 0, 100);
    }
  }
}

/**
 * A database file this user may not write opens read-only without a word, and every purchase would then be refused:
 * found at start by writing the header's user_version back as it is. Only that is refused here; a full disk is not
 * (a server restarts on a full volume, and the checkpointer makes room).
 */
function refuseReadOnly(database: Sqlite.Database, file: string) {
  const read = database.pragma('user_version') as { user_version?: number }[] | { user_version?: number };
  const version = Number((Array.isArray(read) ? read[0] : read)?.user_version ?? 0);
  try {
    whenFree(() => database.exec(`PRAGMA user_version = ${version}`));
  } catch (error) {
    if ((error as { code?: string }).code !== 'SQLITE_READONLY') return;
    database.close();
    throw new Error(`the database file ${file} is read-only for this user (SQLITE_READONLY)`, { cause: error });
  }
}

/** How long a write waits for the write lock another process holds before the store is said to be busy. */
const WRITE_LOCK_WAIT_MS = 10_000;

/**
 * BEGIN IMMEDIATE without holding the event loop: SQLite's own wait for a lock another process holds (busy_timeout)
 * sleeps inside the call, and a long write elsewhere (a script, an operator's shell) would stop this server answering
 * anything. Asked without that wait, and asked again after a short sleep, for as long as busy_timeout would have.
 */
async function beginImmediate(database: Sqlite.Database) {
  const deadline = Date.now() + WRITE_LOCK_WAIT_MS;
  for (let pauseMs = 1; ; pauseMs = Math.min(pauseMs * 2, 50)) {
    database.pragma('busy_timeout = 0');
    try {
      database.exec('begin immediate');
      return;
    } catch (error) {
      if (!isBusy(error) || Date.now() >= deadline) throw error;
    } finally {
      database.pragma(`busy_timeout = ${WRITE_LOCK_WAIT_MS}`);
    }
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}

/**
 * At start-up: whatever WAL an earlier process left (a crash, a volume it filled) is copied into the database
 * file and the log cut to nothing, before this process adds to it. Best effort, briefly: a store busy with
 * other processes, or a disk too full to take the pages, starts all the same and the checkpointer tries again.
 */
function foldWal(database: Sqlite.Database) {
  try {
    database.pragma('busy_timeout = 200');
    database.pragma('wal_checkpoint(TRUNCATE)');
  } catch {
    /* tried again by the checkpointer */
  } finally {
    database.pragma('busy_timeout = 10000');
  }
}

/** A second connection in the same process (`secondary`) shares the first one's thread lock, and its checkpointer. */
function openSqlite(dataDir: string, secondary?: { lock: SharedArrayBuffer; holder: number }): Db {
  makeDataDir(dataDir);
  const file = path.join(dataDir, 'creditscope.db');
  const database = new Sqlite(file);
  // WAL: readers never wait for the writer; synchronous=NORMAL: a commit is in the OS before it returns,
  // so it outlives a crash or kill -9 of any process (an fsync per commit would also cover power loss
  // at milliseconds per call). busy_timeout lets a second process wait its turn for the write lock.
  // busy_timeout first: switching to WAL needs the lock too, and a second process starting at once must wait for it.
  database.pragma('busy_timeout = 10000');
  whenFree(() => database.exec('PRAGMA journal_mode = WAL'));
  database.pragma('synchronous = NORMAL');
  if (!secondary) refuseReadOnly(database, file);
  const threadLock = new ThreadLock(secondary?.lock ?? ThreadLock.create(), secondary?.holder ?? 1);
  const limits = walLimits(dataDir);
  // Checkpoints are the checkpointer thread's. SQLite's own, in the commit, only past twice the WAL's bound: should
  // the thread fall behind (starting, or a machine too busy to run it), the log is still copied as it grows, so a
  // volume that fills holds the database's pages and not a log that no room is left to copy.
  database.pragma(`wal_autocheckpoint = ${Math.ceil((2 * limits.truncateFrom) / 4096)}`);
  // A log SQLite rewinds is cut back to the bound rather than kept at its largest.
  database.pragma(`journal_size_limit = ${limits.truncateFrom}`);
  if (!secondary && fs.existsSync(`${file}-wal`) && fs.statSync(`${file}-wal`).size > 0) foldWal(database);
  const reserve = { file: diskReserve.file(dataDir), bytes: limits.truncateFrom };
  const checkpointer = secondary
    ? null
    : startCheckpointer(file, threadLock, reserve, () => database.pragma('wal_autocheckpoint = 1000'));
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(database) as never }),
  });
  // SQL text, not the query builder: Kysely's transactions begin deferred (the lock at the first write), and it
  // has no BEGIN IMMEDIATE.
  const write: Db['write'] = (work) =>
    threadLock.hold(() =>
      kysely.connection().execute(async (connection) => {
        await beginImmediate(database);
        try {
          const result = await work(connection);
          await sql`commit`.execute(connection);
          return result;
        } catch (error) {
          await sql`rollback`.execute(connection).catch(() => undefined);
          throw error;
        }
      }),
    );
  const close = async () => {
    await checkpointer?.stop();
    await kysely.destroy();
  };
  return { kind: 'sqlite', label: file, kysely, write, transact: write, close, threadLock };
}

function openPostgres(url: string, connections = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max: connections, connectionTimeoutMillis: 10_000 });
  // A client losing its server (a restart, a stopped cluster) emits 'error', and an 'error' nobody listens to
  // ends the process. The pool listens only while a client is idle in it; a client lent to a query or a
  // transaction is listened to here, for its whole life. Its query fails with the error, the pool drops
  // the broken client, and the next query connects afresh: the store comes back when the database does.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kind: 'postgres',
    label: redactUrl(url),
    kysely,
    // SQL text, not the query builder: Kysely has no advisory locks.
    write: (work) =>
      kysely.transaction().execute(async (trx: Transaction<Database>) => {
        await sql`select pg_advisory_xact_lock(${BUDGET_LOCK})`.execute(trx);
        return work(trx);
      }),
    // No lock of the journal's: a settlement beside a budget check is counted spent or held, never neither, as the
    // check reads each limit's spend and holds from one row, all rows in one statement (write-path/admission-figures.ts).
    transact: (work) => kysely.transaction().execute(work),
    close: () => kysely.destroy(),
  };
}

/**
 * One more connection to a store openDb has opened and migrated, for a worker thread of the same process:
 * on SQLite it takes the first connection's thread lock (`lock`, its buffer) as thread `holder` (not 1).
 */
export function openSecondary(
  options: { dataDir: string; databaseUrl: string | null },
  lock: SharedArrayBuffer | null,
  holder: number,
): Db {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, 2);
  if (!lock) throw new Error("a second SQLite connection in this process needs the first one's thread lock");
  return openSqlite(options.dataDir, { lock, holder });
}

/** Opens the store and brings its schema up to date; throws with the migration that failed. */
export async function openDb(options: { dataDir: string; databaseUrl: string | null }): Promise<Db> {
  const db = options.databaseUrl ? openPostgres(options.databaseUrl) : openSqlite(options.dataDir);
  try {
    let { error, results } = await new Migrator({ db: db.kysely, provider: migrationProvider }).migrateToLatest();
    // SQLite migrations take no lock (Kysely runs them outside a transaction there): a second process starting
    // on a new file, or one a newer version migrates, at the same moment loses the race on a table or a column. Once the winner is done there is nothing left to do.
    const lostRace = (problem: unknown) =>
      db.kind === 'sqlite' &&
      /already exists|duplicate column name|SQLITE_BUSY|database is locked/i.test(
        String((problem as Error)?.message ?? problem),
      );
    for (let retry = 0; error && lostRace(error) && retry < 50; retry += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ({ error, results } = await new Migrator({ db: db.kysely, provider: migrationProvider }).migrateToLatest());
    }
    if (error) {
      const failed = results?.find((result) => result.status === 'Error')?.migrationName;
      throw new Error(
        `cannot bring the store at ${db.label} up to date${failed ? ` (migration ${failed})` : ''}: ${(error as Error).message}`,
      );
    }
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}
