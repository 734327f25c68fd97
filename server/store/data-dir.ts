import fs from 'node:fs';
import path from 'node:path';

/**
 * Makes the data folder and any missing folders above it, one level at a time. Node's `mkdirSync(…, { recursive:
 * true })` loops for ever, silently, where the system answers "no such folder" for a folder it will not make
 * (`/proc/nope`); one level at a time, that answer is an error that names the folder.
 */
export function makeDataDir(dataDir: string) {
  const missing: string[] = [];
  for (let dir = path.resolve(dataDir); !fs.existsSync(dir); dir = path.dirname(dir)) {
    missing.unshift(dir);
    if (path.dirname(dir) === dir) break;
  }
  for (const dir of missing) {
    try {
      fs.mkdirSync(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
