import fs from 'node:fs';
import path from 'node:path';

/**
 * Room kept aside in the data directory, as large as the WAL's bound. On a volume the store has filled, SQLite
 * has no room to copy its WAL into the database file, which must grow first, nor for the few rows a start
 * writes: the log could never be folded back, and the server could not start again. The checkpointer makes
 * the file; a start gives it up, before it folds the log back.
 */
export const diskReserve = {
  file: (dataDir: string) => path.join(dataDir, 'creditscope.db-reserve'),
  release(dataDir: string) {
    fs.rmSync(diskReserve.file(dataDir), { force: true });
  },
};
