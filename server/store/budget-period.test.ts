import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startProxyAgainstStandin, type ProxyHarness } from '../testing/harness.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import { scratchStore } from '../testing/store-reads.ts';
import type { StoreKind } from './open.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Budget {
  operatorLimit: string | null;
  period: string;
  spentInPeriod: string;
  remaining: string | null;
  warnAt: string | null;
  warning: boolean;
  reached: boolean;
  reachedBy: string | null;
}
const budget = async (harness: ProxyHarness) => (await harness.state<{ budget: Budget }>()).budget;

const DAY = 86_400_000;
const now = Date.now();
const YESTERDAY = new Date(now - DAY).toISOString();
const SIX_WEEKS_AGO = new Date(now - 42 * DAY).toISOString();
const sameMonth = (iso: string) => iso.slice(0, 7) === new Date().toISOString().slice(0, 7);

/** A ledger.jsonl of an earlier version: a session six weeks old, 0.25 spent then and 0.5 yesterday (UTC). */
const LEGACY = [
  { type: 'session', id: 'legacy-session', at: SIX_WEEKS_AGO },
  {
    type: 'call',
    id: 'legacy-old',
    session: 'legacy-session',
    at: SIX_WEEKS_AGO,
    operation: 'timeline',
    params: { screen_name: 'ada' },
    status: 200,
    credits: '0.25',
    durationMs: 12,
    ok: true,
  },
  {
    type: 'call',
    id: 'legacy-yesterday',
    session: 'legacy-session',
    at: YESTERDAY,
    operation: 'search',
    params: { q: 'old', num: 10, page: '1' },
    status: 200,
    credits: '0.5',
    durationMs: 9,
    ok: true,
  },
];

describe.each(STORE_KINDS)('budget periods and the warning (%s store)', (kind: StoreKind) => {
  /** The proxy on a store of its own that starts with the legacy ledger imported. */
  async function withHistory(env: Record<string, string>) {
    const store = await scratchStore(kind);
    cleanups.push(() => store.remove());
    fs.writeFileSync(
      path.join(store.dataDir, 'ledger.jsonl'),
      `${LEGACY.map((event) => JSON.stringify(event)).join('\n')}\n`,
    );
    const harness = await startProxyAgainstStandin(env, {
      shareStoreOf: { dataDir: store.dataDir, databaseUrl: store.databaseUrl },
    });
    cleanups.push(() => harness.close());
    return harness;
  }
  const call = async (harness: ProxyHarness, handle: string) =>
    (await harness.api(`/api/v1/social/microblog/posts?screen_name=${handle}`)).status;

  // The imported page cost 0.25: the highest price learnt, which each call holds and must fit (0.1 is charged).
  it("CREDIT_LIMIT_PERIOD=day counts only today's UTC spend: yesterday's imported 0.5 does not stop a limit of 0.45", async () => {
    const harness = await withHistory({ CREDIT_LIMIT: '0.45', CREDIT_LIMIT_PERIOD: 'day' });
    expect(await budget(harness)).toMatchObject({
      period: 'day',
      spentInPeriod: '0',
      remaining: '0.45',
      reached: false,
    });
    const statuses = [];
    for (let index = 0; index < 4; index += 1) statuses.push(await call(harness, `ada__day${index}`));
    expect(statuses).toEqual([200, 200, 200, 402]);
    expect(await harness.upstreamLog('ada__day')).toHaveLength(3);
    // 0.15 left is less than the 0.25 a page may cost: refused, nothing sent.
    expect(await budget(harness)).toMatchObject({
      spentInPeriod: '0.3',
      remaining: '0.15',
      reached: false,
    });
    // The imported rows are still there: the session shows them, the day's budget does not count them.
    expect((await harness.state<{ session: { total: string } }>()).session.total).toBe('1.05');
  });

  it('CREDIT_LIMIT_PERIOD=total counts them: the same 0.3 is reached before any call', async () => {
    const harness = await withHistory({ CREDIT_LIMIT: '0.3', CREDIT_LIMIT_PERIOD: 'total' });
    expect(await budget(harness)).toMatchObject({
      period: 'total',
      spentInPeriod: '0.75',
      remaining: '0',
      reached: true,
      reachedBy: 'operator',
    });
    const refused = await harness.api('/api/v1/social/microblog/posts?screen_name=ada__total');
    expect(refused.status).toBe(402);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /limit of 0\.3 in total is reached \(0\.75 spent/,
    );
    expect(await harness.upstreamLog('ada__total')).toEqual([]);
  });

  it('CREDIT_LIMIT_PERIOD=month counts this UTC month only: six weeks ago never, yesterday when it was this month', async () => {
    const harness = await withHistory({ CREDIT_LIMIT: '5', CREDIT_LIMIT_PERIOD: 'month' });
    expect(await budget(harness)).toMatchObject({ period: 'month', spentInPeriod: sameMonth(YESTERDAY) ? '0.5' : '0' });
    expect(await call(harness, 'ada__month')).toBe(200);
    expect(await budget(harness)).toMatchObject({ spentInPeriod: sameMonth(YESTERDAY) ? '0.6' : '0.1' });
  });

  it('CREDIT_WARN_AT=50% warns from half the limit spent, not before, and gives way to "reached" at the limit', async () => {
    const harness = await startProxyAgainstStandin({ CREDIT_LIMIT: '1', CREDIT_WARN_AT: '50%' }, { store: kind });
    cleanups.push(() => harness.close());
    const seen: [string, boolean, boolean][] = [];
    for (let index = 0; index < 10; index += 1) {
      expect(await call(harness, `ada__warn${index}`)).toBe(200);
      const state = await budget(harness);
      expect(state.warnAt).toBe('0.5');
      seen.push([state.spentInPeriod, state.warning, state.reached]);
    }
    expect(seen).toEqual([
      ['0.1', false, false],
      ['0.2', false, false],
      ['0.3', false, false],
      ['0.4', false, false],
      ['0.5', true, false],
      ['0.6', true, false],
      ['0.7', true, false],
      ['0.8', true, false],
      ['0.9', true, false],
      ['1', false, true],
    ]);
  });

  it("CREDIT_WARN_AT counts the period too: yesterday's 0.5 does not make today warn, today's spend does", async () => {
    const harness = await withHistory({ CREDIT_LIMIT: '0.4', CREDIT_LIMIT_PERIOD: 'day', CREDIT_WARN_AT: '0.2' });
    expect(await budget(harness)).toMatchObject({ spentInPeriod: '0', warnAt: '0.2', warning: false });
    await call(harness, 'ada__warnday0');
    expect(await budget(harness)).toMatchObject({ spentInPeriod: '0.1', warning: false });
    await call(harness, 'ada__warnday1');
    expect(await budget(harness)).toMatchObject({ spentInPeriod: '0.2', warning: true, reached: false });
  });
});
