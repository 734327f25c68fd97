/** Why the store could not be written, in one line, and what to do about it. */
export class LedgerWriteError extends Error {
  constructor(
    message: string,
    /** What the person or operator can do before trying again. */
    readonly advice: string,
  ) {
    super(message);
  }
}

const SQLITE_REASONS: [RegExp, string][] = [
  [/^SQLITE_FULL/, 'the disk is full'],
  [/^SQLITE_READONLY/, 'the database file is read-only'],
  [/^SQLITE_CANTOPEN/, 'the database file cannot be opened'],
  [/^SQLITE_PERM|^SQLITE_AUTH/, 'permission denied'],
  [/^SQLITE_IOERR/, 'a disk write failed'],
  [/^SQLITE_BUSY/, 'another process held the database lock too long'],
];

const FILE_REASONS: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  EDQUOT: 'the disk quota is exceeded',
  ECONNREFUSED: 'the database server refused the connection',
  ENOTFOUND: 'the database host is unknown',
  ETIMEDOUT: 'the database server did not answer',
  ECONNRESET: 'the connection to the database server was cut',
  EPIPE: 'the connection to the database server was cut',
  EHOSTUNREACH: 'the database host cannot be reached',
  ENETUNREACH: 'the database host cannot be reached',
  // PostgreSQL's own: the server shutting down or starting up (class 57P), a connection it failed (class 08), a full disk (53100).
  '57P01': 'the database server is shutting down',
  '57P02': 'the database server crashed',
  '57P03': 'the database server is not accepting connections',
  '53100': "the database server's disk is full",
};

/** The codes of a database server that cannot be reached: nothing to mend on this machine's disk. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'ETIMEDOUT',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** What node-postgres says, without a code, when its connection to the server is gone or never came. */
const LOST_CONNECTION = /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended/i;

/** Why a store operation failed, in words, with the code it came with. */
function storageReason(error: unknown): string {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  const message = String((error as Error | null)?.message ?? error);
  const why =
    FILE_REASONS[code] ??
    (code.startsWith('08') ? 'the connection to the database server failed' : undefined) ??
    SQLITE_REASONS.find(([pattern]) => pattern.test(code))?.[1] ??
    (/disk is full|database or disk is full/i.test(message)
      ? 'the disk is full'
      : /readonly|read-only/i.test(message)
        ? 'the database is read-only'
        : LOST_CONNECTION.test(message)
          ? 'the connection to the database server was lost'
          : message);
  return `${why}${code ? ` (${code})` : ''}`;
}

export function describeStorageError(error: unknown, where: string): string {
  return `cannot write the ledger ${where}: ${storageReason(error)}`;
}

/** What to do before trying a refused write again: wait for another writer or the database server, or mend the disk. */
export function storageAdvice(error: unknown): string {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  const message = String((error as Error | null)?.message ?? error);
  if (/^SQLITE_BUSY/.test(code)) return 'Try again once the other process has finished writing.';
  if (code.startsWith('08') || code.startsWith('57P') || CONNECTION_CODES.has(code) || LOST_CONNECTION.test(message))
    return 'Try again once the database server answers.';
  return 'Free some space, fix the permissions of CREDITSCOPE_DATA_DIR or the database, then try again.';
}

/**
 * Why the store cannot be used at all just now (its database server gone, its disk full or unwritable), or
 * null for any other error (a bug, a bad row). Such a failure is the store's, not the call's: what was
 * asked of it can be asked again once it is back.
 */
export function storeUnavailable(error: unknown): string | null {
  if (error instanceof LedgerWriteError) return error.message;
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  const message = String((error as Error | null)?.message ?? error);
  const known =
    code in FILE_REASONS ||
    code.startsWith('08') ||
    SQLITE_REASONS.some(([pattern]) => pattern.test(code)) ||
    LOST_CONNECTION.test(message) ||
    /disk is full|database or disk is full/i.test(message);
  return known ? `cannot use the store: ${storageReason(error)}` : null;
}
