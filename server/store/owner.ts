import os from 'node:os';

const HOST = os.hostname();
/** This process, as purchase rows and collection jobs name their owner. */
export const OWNER = `${HOST}:${process.pid}`;

/** An owner on this host whose process has exited: what it held can be taken over at once. */
export function processGone(owner: string): boolean {
  const [host, pid] = owner.split(':');
  if (host !== HOST || !pid) return false;
  if (Number(pid) === process.pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'EPERM';
  }
}
