import fs from 'node:fs';
import path from 'node:path';

interface LockInfo { pid: number; url: string | null; startedAt: string }

export class DataDirInUseError extends Error {}

/** Folders locked by this process: a second server in the same process is refused as well. */
const heldHere = new Map<string, string | null>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One server per data directory: two processes appending to one ledger would keep two totals and two
 * budgets. A lock left by a process that is gone (a crash, `kill -9`) is taken over.
 */
export function lockDataDir(dataDir: string) {
  const file = path.join(dataDir, 'creditscope.lock');
  const key = path.resolve(dataDir);
  if (heldHere.has(key)) {
    const url = heldHere.get(key);
    throw new DataDirInUseError(`${dataDir} is in use by another creditscope server in this process${url ? ` (${url})` : ''}. Give each its own CREDITSCOPE_DATA_DIR.`);
  }
  const write = (info: LockInfo, flag: 'wx' | 'w') => fs.writeFileSync(file, `${JSON.stringify(info)}\n`, { flag });
  const mine: LockInfo = { pid: process.pid, url: null, startedAt: new Date().toISOString() };
  try {
    write(mine, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    let holder: LockInfo | null = null;
    try { holder = JSON.parse(fs.readFileSync(file, 'utf8')) as LockInfo; } catch { /* unreadable: stale */ }
    if (holder && holder.pid !== process.pid && alive(holder.pid)) {
      throw new DataDirInUseError(`${dataDir} is in use by another creditscope server (pid ${holder.pid}${holder.url ? `, ${holder.url}` : ''}). `
        + 'Stop that one, or give this one its own CREDITSCOPE_DATA_DIR.');
    }
    write(mine, 'w');
  }
  heldHere.set(key, null);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldHere.delete(key);
    try {
      const holder = JSON.parse(fs.readFileSync(file, 'utf8')) as LockInfo;
      if (holder.pid === process.pid) fs.rmSync(file, { force: true });
    } catch { /* already gone */ }
  };
  process.once('exit', release);
  return {
    /** Names this server's address in the lock, for the message a second server prints. */
    setUrl(url: string) {
      if (released) return;
      heldHere.set(key, url);
      write({ ...mine, url }, 'w');
    },
    release,
  };
}
