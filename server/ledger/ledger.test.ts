import Big from 'big.js';
import fs from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoreKind } from '../store/open.ts';
import { startProxyAgainstStandin, type HarnessOptions, type RowBody } from '../testing/harness.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import { allRows, book, dumpStore, openRaw, openScratch, paidCall, scratchStore } from '../testing/store-reads.ts';
import type { CallRow } from './rows.ts';
import { HEADER } from '../../src/contract/index.ts';

const cleanup: (() => Promise<void>)[] = [];
// A proxy that archived 1,000 pages stops only once its archive indexer has indexed them all (what was asked
// before a stop is finished): on a loaded machine that outlasts the default 10 s.
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
}, 60_000);

/**
 * An upstream whose search charges what the query says: `charge 0.7 200 tag` answers 200 with
 * `meta.credits` 0.7 written as it is in the query (a JSON number, as real upstreams send it);
 * `charge none 500 tag` answers 500 with no `meta` at all.
 */
async function startPricedUpstream() {
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    request.on('end', () => {
      const q = String((JSON.parse(raw || '{}') as { q?: unknown }).q ?? '');
      const [, credits = 'none', status = '200'] = q.split(' ');
      const meta = credits === 'none' ? '' : `,"meta":{"credits":${credits}}`;
      const ok = Number(status) < 300;
      response.writeHead(Number(status), { 'content-type': 'application/json' });
      response.end(
        ok
          ? `{"success":true,"data":{"organic_results":[],"q":${JSON.stringify(q)}}${meta}}`
          : `{"success":false,"message":"charged ${credits}"${meta}}`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const sum = (credits: string[]) => credits.reduce((total, value) => total.plus(value), new Big(0)).toString();

describe.each(STORE_KINDS)('the ledger in the %s store', (kind: StoreKind) => {
  async function proxy(env: Record<string, string> = {}, options: HarnessOptions = {}) {
    const harness = await startProxyAgainstStandin(env, { store: kind, ...options });
    cleanup.push(() => harness.close());
    return harness;
  }
  async function store() {
    const scratch = await scratchStore(kind);
    cleanup.push(() => scratch.remove());
    return scratch;
  }

  describe('exact sums', () => {
    it('1,000 timeline calls at 0.1 through the real proxy, 50 at a time: exactly "100" everywhere', async () => {
      const harness = await proxy();
      const statuses: number[] = [];
      for (let batch = 0; batch < 20; batch += 1) {
        const responses = await Promise.all(
          Array.from({ length: 50 }, (_, index) =>
            harness.api(`/api/v1/social/microblog/posts?screen_name=ada__sum${batch * 50 + index}`),
          ),
        );
        for (const response of responses) {
          statuses.push(response.status);
          await response.arrayBuffer();
        }
      }
      expect(statuses.filter((status) => status !== 200)).toEqual([]);

      const state = (await (await harness.api('/api/_session')).json()) as {
        session: { total: string; calls: number; byOperation: { timeline: { total: string; calls: number } } };
        budget: { spentInPeriod: string };
        rows: RowBody[];
        olderRowsCursor: number | null;
      };
      expect(state.session).toMatchObject({
        total: '100',
        calls: 1000,
        byOperation: { timeline: { total: '100', calls: 1000 } },
      });
      expect(state.budget.spentInPeriod).toBe('100');
      // The session state carries the newest page; the rest are paged.
      expect(state.rows).toHaveLength(100);
      expect(state.olderRowsCursor).not.toBeNull();
      const rows = await allRows(harness.api);
      expect(rows).toHaveLength(1000);
      expect(new Set(rows.map((row) => row.id)).size).toBe(1000);
      expect(rows.slice(-100).map((row) => row.id)).toEqual(state.rows.map((row) => row.id));
      expect(sum(rows.map((row) => row.credits))).toBe('100');
      expect((await harness.upstreamLog('ada__sum')).length).toBe(1000);

      // The export says the same, and so does the store alone, opened by another process.
      const exported = (await (await harness.api('/api/_history/ledger.json')).json()) as CallRow[];
      expect(exported).toHaveLength(1000);
      expect(sum(exported.map((row) => row.credits))).toBe('100');
      const reopened = await openScratch(harness);
      try {
        expect(await reopened.ledger.summary()).toMatchObject({ total: '100', calls: 1000 });
        expect(await reopened.ledger.spentInPeriod()).toBe('100');
      } finally {
        await reopened.close();
      }
    }, 90_000);

    it('sums credits that drift in binary floating point without drift, through the real proxy', async () => {
      const upstream = await startPricedUpstream();
      cleanup.push(() => upstream.close());
      const harness = await proxy({}, { baseUrl: upstream.url });
      const charges = ['0.1', '0.2', '0.3', '0.7', '0.1', '0.000001', '1234.5678'];
      expect(0.1 + 0.2 + 0.3 + 0.7 + 0.1).not.toBe(1.4);
      const responses = await Promise.all(
        charges.map((credits, index) =>
          harness.api('/api/v1/search', {
            method: 'POST',
            body: JSON.stringify({ q: `charge ${credits} 200 drift${index}` }),
          }),
        ),
      );
      expect(responses.map((response) => response.status)).toEqual(charges.map(() => 200));
      expect(responses.map((response) => response.headers.get(HEADER.credits))).toEqual(charges);
      const state = await harness.state();
      expect(state.session).toMatchObject({ total: '1235.967801', calls: 7 });
      expect(state.rows.map((row) => row.credits).sort()).toEqual([...charges].sort());
      expect((await harness.state<{ budget: { spentInPeriod: string } }>()).budget.spentInPeriod).toBe('1235.967801');
    });

    it('lists failed calls with the credits the upstream reported, 0 when none', async () => {
      const upstream = await startPricedUpstream();
      cleanup.push(() => upstream.close());
      const harness = await proxy({}, { baseUrl: upstream.url });
      // A 500 without meta cannot have charged, so it is tried three times; a 400 that reports a charge is not.
      expect(
        (
          await harness.api('/api/v1/search', {
            method: 'POST',
            body: JSON.stringify({ q: 'charge none 500 failfree' }),
          })
        ).status,
      ).toBe(500);
      expect(
        (
          await harness.api('/api/v1/search', {
            method: 'POST',
            body: JSON.stringify({ q: 'charge 0.1 400 failpaid' }),
          })
        ).status,
      ).toBe(400);
      const state = await harness.state<{
        session: { calls: number; failedFree: number; total: string };
        rows: CallRow[];
      }>();
      expect(state.rows.map((row) => [row.ok, row.credits, row.charged, row.errorKind, row.attempts.length])).toEqual([
        [false, '0', 'no', 'upstream', 3],
        [false, '0.1', 'yes', 'bad_request', 1],
      ]);
      expect(state.session).toMatchObject({ calls: 1, failedFree: 1, total: '0.1' });
    });
  });

  describe('durability', () => {
    it('keeps sessions, their sums, the spend of the period and the personal limit across a restart', async () => {
      const scratch = await store();
      const first = await openScratch(scratch);
      await book(first.ledger, paidCall(0.1));
      const old = await first.ledger.summary();
      await first.ledger.startSession();
      await book(first.ledger, paidCall(0.2));
      await first.ledger.setPersonalLimit(null, '5');
      await first.close();

      const second = await openScratch(scratch);
      try {
        expect(await second.ledger.summary()).toMatchObject({ calls: 1, total: '0.2' });
        expect(await second.ledger.pastSessions()).toEqual([old]);
        expect(await second.ledger.personalLimit()).toBe('5');
        // The operator's budget counts all spend in the store: a restart does not begin it at 0.
        expect(await second.ledger.spentInPeriod()).toBe('0.3');
        expect(await second.ledger.outcomesUnknown()).toEqual([]);
      } finally {
        await second.close();
      }
    });
  });

  describe('prices', () => {
    it('learns the latest and the highest charged price per operation, across sessions, never from guesses or free failures', async () => {
      const opened = await openScratch(await store());
      cleanup.push(() => opened.close());
      await book(opened.ledger, paidCall(0.3));
      await opened.ledger.startSession();
      await book(opened.ledger, paidCall(0.1));
      await book(opened.ledger, paidCall(0.5, { charged: 'unknown' }));
      await book(opened.ledger, paidCall(0, { ok: false }));
      expect(await opened.ledger.prices()).toMatchObject({ timeline: { last: '0.1', highest: '0.3' }, search: null });
    });
  });

  describe('a ledger.jsonl of an earlier version', () => {
    const at = (day: number, second: number) => new Date(Date.UTC(2025, 0, day, 10, 0, second)).toISOString();
    const call = (
      id: string,
      session: string,
      second: number,
      operation: 'timeline' | 'search',
      credits: string,
      extra: Record<string, unknown> = {},
    ) => {
      const charged = (extra.charged as string | undefined) ?? 'yes';
      const when = at(session === 's1' ? 1 : 2, second);
      return {
        type: 'call',
        id,
        session,
        at: when,
        operation,
        params: operation === 'timeline' ? { screen_name: `ada__${id}` } : { q: id, num: 10, page: '1' },
        status: 200,
        credits,
        durationMs: 7,
        ok: true,
        charged,
        attempts: [{ at: when, status: 200, durationMs: 7, credits, charged }],
        ...extra,
      };
    };
    const pending = (id: string, session: string, second: number, operation: 'timeline' | 'search') => ({
      type: 'pending',
      id,
      session,
      at: at(session === 's1' ? 1 : 2, second),
      operation,
      params: operation === 'timeline' ? { screen_name: `ada__${id}` } : { q: id, num: 10, page: '1' },
    });
    // Written before `charged` and `attempts` existed.
    const before = (id: string, second: number, status: number, credits: string, ok: boolean) => ({
      type: 'call',
      id,
      session: 's2',
      at: at(2, second),
      operation: 'search',
      params: { q: id, num: 10, page: '1' },
      status,
      credits,
      durationMs: 9,
      ok,
      ...(ok ? {} : { errorKind: 'upstream' }),
    });

    /** Every kind of line the JSON-lines ledger wrote, ending in a line torn by a crash mid-write. */
    function legacyLines(): string {
      const torn = JSON.stringify(call('torn-row', 's2', 50, 'timeline', '5'));
      return (
        [
          { type: 'session', id: 's1', at: at(1, 0) },
          call('c1', 's1', 1, 'timeline', '0.1'),
          call('c2', 's1', 2, 'search', '0.25'),
          { type: 'budget', limit: '3', at: at(1, 3) },
          // Sent, never settled, then released by the operator (`npm run ledger -- clear-unknown`).
          pending('p-cleared', 's1', 4, 'timeline'),
          { type: 'session', id: 's2', at: at(2, 0) },
          { type: 'cleared', ids: ['p-cleared'], at: at(2, 1) },
          before('old-1', 2, 503, '0', false),
          before('old-2', 3, 200, '0.2', true),
          ...['0.1', '0.2', '0.3', '0.7', '0.1'].map((credits, index) =>
            call(`d${index}`, 's2', 10 + index, 'timeline', credits),
          ),
          // Booked at the going price when the charge was unknown: a guess, never a price.
          call('u1', 's2', 20, 'timeline', '0.9', {
            charged: 'unknown',
            ok: false,
            status: 504,
            errorKind: 'upstream',
          }),
          pending('p-settled', 's2', 21, 'timeline'),
          call('p-settled', 's2', 22, 'timeline', '0.3'),
          // Sent, never settled: the process was killed while the upstream had it.
          pending('p-unknown', 's2', 23, 'search'),
          { type: 'budget', limit: '5', at: at(2, 24) },
        ]
          .map((event) => JSON.stringify(event))
          .join('\n') + `\n${torn.slice(0, Math.floor(torn.length / 2))}`
      );
    }

    it('is imported at start: sessions, every row with its exact credits, old rows upgraded, unknown outcomes at the highest price, the limit; a torn last line skipped', async () => {
      const scratch = await store();
      fs.writeFileSync(path.join(scratch.dataDir, 'ledger.jsonl'), legacyLines());
      // As the ledger CLI opens it: no list prices to fall back on, only what the file says.
      const opened = await openScratch(scratch, { listPrices: null });
      cleanup.push(() => opened.close());
      expect(opened.importedRows).toBe(13);
      expect(fs.existsSync(path.join(scratch.dataDir, 'ledger.jsonl'))).toBe(false);
      expect(fs.readFileSync(path.join(scratch.dataDir, 'ledger.jsonl.imported'), 'utf8')).toBe(legacyLines());

      const { ledger } = opened;
      const current = await ledger.rowsPage({ limit: 100 });
      expect(current.sessionId).toBe('s2');
      const rows = current.rows.reverse();
      expect(rows.map((row) => row.id)).toEqual([
        'old-1',
        'old-2',
        'd0',
        'd1',
        'd2',
        'd3',
        'd4',
        'u1',
        'p-settled',
        'p-unknown',
      ]);
      expect(rows.slice(0, 2).map((row) => [row.charged, row.attempts.length, row.attempts[0]!.status])).toEqual([
        ['no', 1, 503],
        ['yes', 1, 200],
      ]);
      expect(rows.map((row) => row.credits)).toEqual([
        '0',
        '0.2',
        '0.1',
        '0.2',
        '0.3',
        '0.7',
        '0.1',
        '0.9',
        '0.3',
        '0.25',
      ]);
      // Unsettled, it may have been charged: booked at the most a search has cost in the file.
      expect(rows[9]).toMatchObject({
        charged: 'unknown',
        errorKind: 'outcome_unknown',
        status: 0,
        ok: false,
        credits: '0.25',
      });
      expect((await ledger.outcomesUnknown()).map((row) => [row.id, row.credits])).toEqual([['p-unknown', '0.25']]);
      expect(await ledger.findRow('torn-row')).toBeUndefined();

      expect(await ledger.summary()).toEqual({
        id: 's2',
        startedAt: at(2, 0),
        calls: 9,
        failedFree: 1,
        total: '3.05',
        byOperation: { timeline: { calls: 7, total: '2.6' }, search: { calls: 2, total: '0.45' } },
      });
      // The released call stays in its session's view, out of the operator's budget.
      expect(await ledger.pastSessions()).toEqual([
        {
          id: 's1',
          startedAt: at(1, 0),
          calls: 3,
          failedFree: 0,
          total: '1.05',
          byOperation: { timeline: { calls: 2, total: '0.8' }, search: { calls: 1, total: '0.25' } },
        },
      ]);
      expect(await ledger.spentInPeriod()).toBe('3.4');
      expect(await ledger.personalLimit()).toBe('5');
      expect(await ledger.prices()).toMatchObject({
        timeline: { last: '0.3', highest: '0.7' },
        search: { last: '0.2', highest: '0.25' },
      });
    });

    it('is imported once only: a second start, or the file put back, adds nothing', async () => {
      const scratch = await store();
      const file = path.join(scratch.dataDir, 'ledger.jsonl');
      fs.writeFileSync(file, legacyLines());
      const first = await openScratch(scratch);
      expect(first.importedRows).toBe(13);
      await first.close();
      const raw = await openRaw(scratch);
      cleanup.push(() => raw.close());
      const imported = await dumpStore(raw);
      expect(imported.purchases).toHaveLength(13);

      const second = await openScratch(scratch);
      expect(second.importedRows).toBe(0);
      await second.close();
      fs.copyFileSync(`${file}.imported`, file);
      const third = await openScratch(scratch);
      expect(third.importedRows).toBe(0);
      await third.close();
      expect(await dumpStore(raw)).toEqual(imported);
    });

    it('is served by the proxy started on it, sums to the last decimal', async () => {
      const scratch = await store();
      fs.writeFileSync(path.join(scratch.dataDir, 'ledger.jsonl'), legacyLines());
      const harness = await proxy({}, { shareStoreOf: scratch });
      const state = await harness.state<{
        session: { id: string; total: string; calls: number };
        budget: { spentInPeriod: string; personalLimit: string | null };
        rows: RowBody[];
        pastSessions: { id: string; total: string }[];
      }>();
      expect(state.session).toMatchObject({ id: 's2', total: '3.05', calls: 9 });
      expect(state.rows).toHaveLength(10);
      expect(state.budget).toMatchObject({ spentInPeriod: '3.4', personalLimit: '5' });
      expect(state.pastSessions).toMatchObject([{ id: 's1', total: '1.05' }]);
      const exported = (await (await harness.api('/api/_history/ledger.json')).json()) as CallRow[];
      expect(exported).toHaveLength(13);
      expect(sum(exported.map((row) => row.credits))).toBe('4.1');
      expect(await harness.upstreamLog()).toEqual([]);
    });
  });
});
