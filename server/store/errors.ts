/** Why the store could not be written, in one line a person can act on. */
export class LedgerWriteError extends Error {}

const SQLITE_REASONS: [RegExp, string][] = [
  [/^SQLITE_FULL/, 'the disk is full'],
  [/^SQLITE_READONLY/, 'the database file is read-only'],
  [/^SQLITE_CANTOPEN/, 'the database file cannot be opened'],
  [/^SQLITE_PERM|^SQLITE_AUTH/, 'permission denied'],
  [/^SQLITE_IOERR/, 'a disk write failed'],
  [/^SQLITE_BUSY/, 'another process held the database lock too long'],
];

const FILE_REASONS: Record<string, string> = {
  ENOSPC: 'the disk is full', EACCES: 'permission denied', EPERM: 'permission denied',
  EROFS: 'the file system is read-only', EDQUOT: 'the disk quota is exceeded',
  ECONNREFUSED: 'the database server refused the connection', ENOTFOUND: 'the database host is unknown', ETIMEDOUT: 'the database server did not answer',
};

export function describeStorageError(error: unknown, where: string): string {
  const code = String((error as { code?: unknown }).code ?? '');
  const message = (error as Error).message ?? String(error);
  const why = FILE_REASONS[code] ?? SQLITE_REASONS.find(([pattern]) => pattern.test(code))?.[1]
    ?? (/disk is full|database or disk is full/i.test(message) ? 'the disk is full' : /readonly|read-only/i.test(message) ? 'the database is read-only' : message);
  return `cannot write the ledger ${where}: ${why}${code ? ` (${code})` : ''}`;
}
