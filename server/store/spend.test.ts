import fs from 'node:fs';
import path from 'node:path';
import Big from 'big.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { FiredAlert, SpendBreakdown } from '../../src/contract/spend.ts';
import { SPEND_DIMENSIONS } from '../../src/contract/spend.ts';
import { startProxyAgainstStandin, type ProxyHarness } from '../testing/harness.ts';
import { settledJob, startJob } from '../testing/jobs.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import { scratchStore } from '../testing/store-reads.ts';
import type { StoreKind } from './open.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const DAY = 86_400_000;
const LAST_WEEK = new Date(Date.now() - 7 * DAY).toISOString();
const TODAY = new Date().toISOString().slice(0, 10);

/** A ledger.jsonl of an earlier version: a week-old search at 0.05 and a timeline call whose outcome was lost. */
const LEGACY = [
  { type: 'session', id: 'legacy-session', at: LAST_WEEK },
  {
    type: 'call',
    id: 'legacy-search',
    session: 'legacy-session',
    at: LAST_WEEK,
    operation: 'search',
    params: { q: 'old news', num: 10, page: '1' },
    status: 200,
    credits: '0.05',
    durationMs: 9,
    ok: true,
  },
  // Sent and never answered: booked as "outcome unknown" at the timeline's price, 0.1.
  {
    type: 'pending',
    id: 'legacy-lost',
    session: 'legacy-session',
    at: LAST_WEEK,
    operation: 'timeline',
    params: { screen_name: 'hopper' },
  },
];

const spend = async (harness: ProxyHarness, query: string) => {
  const response = await harness.api(`/api/_spend?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as SpendBreakdown;
};
const sumOf = (values: string[]) => values.reduce((sum, value) => sum.plus(value), new Big(0)).toString();
const creditsOf = (breakdown: SpendBreakdown, key: string | null) =>
  breakdown.groups.find((group) => group.key === key)?.credits;

/** The ledger's own rows, as the period export streams them: its total, summed exactly. */
async function ledgerCsvTotal(harness: ProxyHarness): Promise<string> {
  const csv = await (await harness.api('/api/_history/ledger.csv')).text();
  const [header, ...lines] = csv.trim().split('\r\n');
  const column = header!.split(',').indexOf('credits');
  return sumOf(lines.map((line) => line.split(',')[column]!));
}

describe.each(STORE_KINDS)('where the credits went (%s store)', (kind: StoreKind) => {
  async function proxyWithHistory() {
    const store = await scratchStore(kind);
    cleanups.push(() => store.remove());
    fs.writeFileSync(
      path.join(store.dataDir, 'ledger.jsonl'),
      `${LEGACY.map((event) => JSON.stringify(event)).join('\n')}\n`,
    );
    const harness = await startProxyAgainstStandin(
      {},
      { shareStoreOf: { dataDir: store.dataDir, databaseUrl: store.databaseUrl } },
    );
    cleanups.push(() => harness.close());
    return harness;
  }
  const setPrices = (harness: ProxyHarness, credits: { timeline?: number; search?: number }) =>
    fetch(`${harness.standin.url}/_control/credits`, { method: 'POST', body: JSON.stringify(credits) });
  const timeline = (harness: ProxyHarness, query: string) => harness.api(`/api/v1/social/microblog/posts?${query}`);
  const search = (harness: ProxyHarness, q: string) =>
    harness.api('/api/v1/search', { method: 'POST', body: JSON.stringify({ q }) });

  it('by handle, query, day and job, the groups add up to the ledger total to the last decimal (prices 0.1, 0.2, 0.05, 0.15, a job, a free failure, week-old rows, one of unknown outcome)', async () => {
    const harness = await proxyWithHistory();
    // ada's first page at 0.1, her second at 0.05; grace at 0.1; one search at 0.2 and one at 0.15.
    const first = await timeline(harness, 'screen_name=ada');
    expect(first.status).toBe(200);
    const cursor = ((await first.json()) as { data: { next_cursor: string } }).data.next_cursor;
    expect((await timeline(harness, 'screen_name=grace')).status).toBe(200);
    expect((await search(harness, 'rust')).status).toBe(200);
    await setPrices(harness, { timeline: 0.05, search: 0.15 });
    expect((await timeline(harness, `screen_name=ada&cursor=${encodeURIComponent(cursor)}`)).status).toBe(200);
    expect((await search(harness, 'zig')).status).toBe(200);
    // Not found upstream: journalled, charged nothing.
    expect((await timeline(harness, 'screen_name=nobody')).status).toBe(404);
    // A job of one handle (its page at 0.05) and one search (0.15).
    const { job } = await startJob(harness.api, {
      handles: ['linus'],
      timeline: { pages: 2 },
      searches: ['job search'],
      searchPages: 1,
    });
    expect((await settledJob(harness.api, job.id)).job.status).toBe('done');

    const state = await harness.state();
    // 0.05 and 0.1 of unknown outcome (last week) + 0.1 + 0.1 + 0.2 + 0.05 + 0.15, and the job's 0.05 + 0.15
    expect(state.session.total).toBe('0.95');
    expect(await ledgerCsvTotal(harness)).toBe('0.95');

    for (const by of SPEND_DIMENSIONS) {
      for (const period of ['', '&session=current', `&from=${TODAY}&to=${TODAY}`]) {
        const breakdown = await spend(harness, `by=${by}${period}`);
        expect(sumOf(breakdown.groups.map((group) => group.credits)), `${by}${period}`).toBe(breakdown.total);
        expect(breakdown.total, `${by}${period}`).toBe(period.includes('from') ? '0.8' : '0.95');
        expect(breakdown.inFlight).toBe(0);
        expect(breakdown.unknownCredits).toBe(period.includes('from') ? '0' : '0.1');
      }
    }

    const byHandle = await spend(harness, 'by=handle');
    expect(creditsOf(byHandle, 'ada')).toBe('0.15');
    expect(creditsOf(byHandle, 'grace')).toBe('0.1');
    expect(creditsOf(byHandle, 'linus')).toBe('0.05');
    expect(byHandle.groups.find((group) => group.key === 'hopper')).toMatchObject({
      credits: '0.1',
      unknownCalls: 1,
      unknownCredits: '0.1',
    });
    expect(byHandle.groups.find((group) => group.key === 'nobody')).toMatchObject({ credits: '0', failedFree: 1 });
    // Searches have no handle: one group, so the column still adds up.
    expect(creditsOf(byHandle, null)).toBe('0.55');

    const byQuery = await spend(harness, 'by=query');
    expect(creditsOf(byQuery, 'rust')).toBe('0.2');
    expect(creditsOf(byQuery, 'zig')).toBe('0.15');
    expect(creditsOf(byQuery, 'old news')).toBe('0.05');
    expect(creditsOf(byQuery, 'job search')).toBe('0.15');

    const byDay = await spend(harness, 'by=day');
    expect(creditsOf(byDay, TODAY)).toBe('0.8');
    expect(creditsOf(byDay, LAST_WEEK.slice(0, 10))).toBe('0.15');

    const byJob = await spend(harness, 'by=job');
    expect(creditsOf(byJob, job.id)).toBe('0.2');
    expect(creditsOf(byJob, null)).toBe('0.75');
  });

  it('refuses a dimension or a period it does not know, naming what it takes', async () => {
    const harness = await startProxyAgainstStandin({}, { store: kind });
    cleanups.push(() => harness.close());
    for (const query of ['by=colour', '', 'by=day&from=2026-02-30', 'by=day&from=2026-11-25&to=2026-11-01']) {
      const response = await harness.api(`/api/_spend?${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/day|by=/);
    }
  });

  it('an alert fires once when its threshold is crossed: one of two readers at once gets it, no later read does', async () => {
    const harness = await startProxyAgainstStandin({}, { store: kind });
    cleanups.push(() => harness.close());
    const alert = await harness.api('/api/_spend/alerts', {
      method: 'POST',
      body: JSON.stringify({ kind: 'session', threshold: '0.2' }),
    });
    expect(alert.status).toBe(201);
    const fired = async () => (await harness.state()).alertsFired as FiredAlert[];
    expect((await timeline(harness, 'screen_name=ada')).status).toBe(200);
    expect(await fired()).toEqual([]);
    expect((await timeline(harness, 'screen_name=grace')).status).toBe(200);
    const readers = await Promise.all([fired(), fired(), fired()]);
    expect(readers.flat()).toHaveLength(1);
    expect(readers.flat()[0]).toMatchObject({ kind: 'session', threshold: '0.2', spent: '0.2' });
    expect(await fired()).toEqual([]);
    expect((await timeline(harness, 'screen_name=linus')).status).toBe(200);
    expect(await fired()).toEqual([]);
    const listed = (await (await harness.api('/api/_spend/alerts')).json()) as { alerts: { firedAt: string }[] };
    expect(listed.alerts[0]!.firedAt).toEqual(expect.any(String));

    // "Today passes 80 % of the limit": with a personal limit of 0.5, at 0.4 spent today.
    await harness.api('/api/_session/budget', { method: 'PUT', body: JSON.stringify({ limit: '0.5' }) });
    await harness.api('/api/_spend/alerts', {
      method: 'POST',
      body: JSON.stringify({ kind: 'today', threshold: 80 }),
    });
    expect(await fired()).toEqual([]);
    expect((await timeline(harness, 'screen_name=quiet')).status).toBe(200);
    expect(await fired()).toEqual([expect.objectContaining({ kind: 'today', spent: '0.4', limit: '0.5' })]);
    expect(await fired()).toEqual([]);

    const bad = await harness.api('/api/_spend/alerts', {
      method: 'POST',
      body: JSON.stringify({ kind: 'today', threshold: '120' }),
    });
    expect(bad.status).toBe(400);
  });
});
