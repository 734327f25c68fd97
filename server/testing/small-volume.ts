import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A real, small file system (tmpfs) for a test's data directory: a full disk is filled for real, not faked.
 * Needs root, as the suite runs in CI; fails with the reason rather than passing untested.
 */
export function mountSmallVolume(size: string, purpose: string): { path: string; unmount: () => void } {
  const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-volume-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', mountPoint], { stdio: 'pipe' });
  } catch (error) {
    throw new Error(`Cannot mount a small tmpfs for ${purpose} (run as root): ${(error as Error).message}`, {
      cause: error,
    });
  }
  return {
    path: mountPoint,
    unmount: () => {
      try {
        execFileSync('umount', ['-l', mountPoint]);
      } catch {
        /* not mounted */
      }
      fs.rmSync(mountPoint, { recursive: true, force: true });
    },
  };
}
