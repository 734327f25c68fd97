import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createApiHandler, StartupError } from '../proxy/handler.ts';
import { startProxyAgainstStandin, TEST_TOKEN } from '../testing/harness.ts';

/**
 * No record, no spend, on a real full disk: the data directory is a 48 KB tmpfs (the machine's root
 * may mount one; the suite fails with the reason when it cannot, rather than passing untested).
 */
let mountPoint: string;
beforeAll(() => {
  mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=48k', 'tmpfs', mountPoint], { stdio: 'pipe' });
  } catch (error) {
    throw new Error(`Cannot mount a small tmpfs for the full-disk test (run as root): ${(error as Error).message}`, { cause: error });
  }
});
afterAll(() => {
  try { execFileSync('umount', ['-l', mountPoint]); } catch { /* not mounted */ }
  fs.rmSync(mountPoint, { recursive: true, force: true });
});

interface LedgerLine { type: string; id?: string }
const readLines = (file: string) => fs.readFileSync(file, 'utf8').split('\n').flatMap((line) => {
  try { return [JSON.parse(line) as LedgerLine]; } catch { return []; }
});

describe('a data directory on a full disk', () => {
  it('buys nothing it cannot record: every call the upstream saw was journalled first, the rest are refused', async () => {
    const dataDir = path.join(mountPoint, 'data');
    const harness = await startProxyAgainstStandin({ CREDITSCOPE_DATA_DIR: dataDir });
    try {
      const statuses: number[] = [];
      let refusal = '';
      for (let batch = 0; batch < 40 && statuses.filter((status) => status === 507).length < 20; batch += 1) {
        const answers = await Promise.all(Array.from({ length: 10 }, (_, index) =>
          harness.api(`/api/v1/social/microblog/posts?screen_name=ada__full${batch}x${index}`)));
        for (const answer of answers) {
          statuses.push(answer.status);
          const body = await answer.text();
          if (answer.status === 507) refusal = body;
        }
      }
      expect(statuses.filter((status) => status === 507).length).toBeGreaterThanOrEqual(20);
      expect(refusal).toMatch(/Not sent, nothing charged.*disk is full/);

      const upstream = await harness.upstreamLog('ada__full');
      const journalled = new Set(readLines(path.join(dataDir, 'ledger.jsonl')).filter((line) => line.type === 'pending').map((line) => line.id));
      // Every request that reached the upstream had its pending entry written in full before it left.
      expect(upstream.length).toBeGreaterThan(0);
      expect(upstream.length).toBeLessThanOrEqual(journalled.size);
      expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(upstream.length);
      // The server is still up and says what it has.
      expect((await harness.api('/api/_session')).status).toBe(200);
    } finally {
      await harness.close().catch(() => {});
    }
  }, 60_000);

  it('a server started on a full or unwritable data directory stops with one line that says why', async () => {
    const dataDir = path.join(mountPoint, 'data');
    const config = loadConfig({ API_BASE_URL: 'http://127.0.0.1:9', API_TOKEN: TEST_TOKEN, CREDITSCOPE_DATA_DIR: dataDir });
    const failure = await createApiHandler(config).then(() => null, (error: unknown) => error);
    expect(failure).toBeInstanceOf(StartupError);
    expect((failure as Error).message).toMatch(/disk is full|ENOSPC/);
    expect((failure as Error).message).not.toMatch(/\n/);
  });
});

describe('one server per data directory', () => {
  it('a second server on the same folder refuses, naming the first one; after the first stops, it starts', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-lock-'));
    const config = loadConfig({ API_BASE_URL: 'http://127.0.0.1:9', API_TOKEN: TEST_TOKEN, CREDITSCOPE_DATA_DIR: dataDir });
    const first = await createApiHandler(config);
    first.listeningAt('http://127.0.0.1:4173');
    const second = await createApiHandler(config).then(() => null, (error: unknown) => error);
    expect(second).toBeInstanceOf(StartupError);
    expect((second as Error).message).toContain('http://127.0.0.1:4173');
    await first.close();
    const third = await createApiHandler(config);
    await third.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
