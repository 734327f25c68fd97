import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startProxyAgainstStandin } from '../testing/harness.ts';
import { Ledger } from './ledger.ts';

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-ledger-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => { for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true }); });

const paid = (credits: number | string, ok = true) => {
  const charged = ok || Number(credits) > 0 ? 'yes' as const : 'no' as const;
  const status = ok ? 200 : 500;
  return { operation: 'timeline' as const, params: { screen_name: 'ada' }, status, credits, durationMs: 5, ok, charged,
    attempts: [{ at: new Date().toISOString(), status, durationMs: 5, credits: String(credits), charged }] };
};

describe('exact sums', () => {
  it('1,000 timeline calls at 0.1 through the real proxy, 50 at a time: exactly "100" everywhere', async () => {
    const harness = await startProxyAgainstStandin();
    try {
      const statuses: number[] = [];
      for (let batch = 0; batch < 20; batch += 1) {
        const responses = await Promise.all(Array.from({ length: 50 }, (_, index) =>
          harness.api(`/api/v1/social/microblog/posts?screen_name=ada__sum${batch * 50 + index}`)));
        for (const response of responses) { statuses.push(response.status); await response.arrayBuffer(); }
      }
      expect(statuses.filter((status) => status !== 200)).toEqual([]);

      const state = (await (await harness.api('/api/_session')).json()) as { session: { total: string; calls: number; byOperation: { timeline: { total: string; calls: number } } }; rows: unknown[] };
      expect(state.session).toMatchObject({ total: '100', calls: 1000, byOperation: { timeline: { total: '100', calls: 1000 } } });
      expect(state.rows).toHaveLength(1000);
      expect((await harness.upstreamLog('ada__sum')).length).toBe(1000);

      // The file alone, read back by a fresh Ledger, says the same.
      const reopened = new Ledger(harness.dataDir);
      expect(reopened.spent).toBe('100');
      expect(reopened.rows()).toHaveLength(1000);
      reopened.close();
    } finally {
      await harness.close();
    }
  }, 60_000);

  it('sums values that drift in binary floating point without drift', () => {
    const ledger = new Ledger(tempDir());
    for (const credits of [0.1, 0.2, '0.3', 0.7, 0.1]) ledger.record(paid(credits));
    expect(0.1 + 0.2 + 0.3 + 0.7 + 0.1).not.toBe(1.4);
    expect(ledger.spent).toBe('1.4');
    ledger.close();
  });

  it('lists failed calls with the credits the upstream reported, 0 when none', () => {
    const ledger = new Ledger(tempDir());
    ledger.record({ ...paid(0, false), errorKind: 'upstream' });
    ledger.record({ ...paid(0.1, false), status: 400, errorKind: 'bad_request' });
    expect(ledger.rows().map((row) => [row.ok, row.credits, row.errorKind])).toEqual([[false, '0', 'upstream'], [false, '0.1', 'bad_request']]);
    expect(ledger.summary()).toMatchObject({ calls: 1, failedFree: 1, total: '0.1' });
    ledger.close();
  });
});

describe('durability', () => {
  it('replays every complete row after a crash and ignores a torn last line', () => {
    const dir = tempDir();
    const first = new Ledger(dir);
    const recorded = Array.from({ length: 25 }, (_, index) => first.record(paid(index % 2 ? 0.1 : 0.2)));
    first.close();
    // A crash mid-write leaves half a line at the end of the file.
    const file = path.join(dir, 'ledger.jsonl');
    const torn = JSON.stringify({ type: 'call', ...recorded[0], id: 'torn-row' });
    fs.appendFileSync(file, torn.slice(0, Math.floor(torn.length / 2)));

    const second = new Ledger(dir);
    expect(second.rows().map((row) => row.id)).toEqual(recorded.map((row) => row.id));
    expect(second.findRow('torn-row')).toBeUndefined();
    expect(second.spent).toBe('3.8');

    // Writing after the torn fragment must not glue a good row onto it.
    const after = second.record(paid(0.1));
    second.close();
    const third = new Ledger(dir);
    expect(third.rows().map((row) => row.id)).toEqual([...recorded.map((row) => row.id), after.id]);
    expect(third.spent).toBe('3.9');
    third.close();
  });

  it('keeps sessions and the personal limit across a restart', () => {
    const dir = tempDir();
    const first = new Ledger(dir);
    first.record(paid(0.1));
    const old = first.summary();
    first.startSession();
    first.record(paid(0.2));
    first.setPersonalLimit('5');
    first.close();

    const second = new Ledger(dir);
    expect(second.summary()).toMatchObject({ calls: 1, total: '0.2' });
    expect(second.pastSessions()).toEqual([old]);
    expect(second.personalLimit).toBe('5');
    // Spend since start is this process's own: a restart begins it at 0.
    expect(second.spentSinceStart).toBe('0');
    second.close();
  });

  it('reads rows written before charged and attempts existed as one attempt each', () => {
    const dir = tempDir();
    const legacy = { type: 'call', id: 'old-1', session: 's1', at: '2024-01-01T00:00:00.000Z', operation: 'search', params: { q: 'x' }, status: 503, credits: '0', durationMs: 9, ok: false, errorKind: 'upstream' };
    fs.writeFileSync(path.join(dir, 'ledger.jsonl'), `${JSON.stringify({ type: 'session', id: 's1', at: legacy.at })}\n${JSON.stringify(legacy)}\n${JSON.stringify({ ...legacy, id: 'old-2', status: 200, credits: '0.2', ok: true })}\n`);
    const ledger = new Ledger(dir);
    expect(ledger.rows().map((row) => [row.charged, row.attempts.length])).toEqual([['no', 1], ['yes', 1]]);
    expect(ledger.summary()).toMatchObject({ calls: 1, failedFree: 1, total: '0.2' });
    expect(ledger.lastPrices()).toEqual({ timeline: null, search: '0.2' });
    ledger.close();
  });
});

describe('prices', () => {
  it('learns the latest and the highest charged price per operation, across sessions, never from guesses or free failures', () => {
    const ledger = new Ledger(tempDir());
    ledger.record(paid(0.3));
    ledger.startSession();
    ledger.record(paid(0.1));
    ledger.record({ ...paid(0.5), charged: 'unknown' });
    ledger.record(paid(0, false));
    expect(ledger.lastPrices()).toEqual({ timeline: '0.1', search: null });
    expect(ledger.prices.highestPrice('timeline')).toBe('0.3');
    ledger.close();
  });
});
