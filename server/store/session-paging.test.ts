import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxyAgainstStandin, type ProxyHarness, type RowBody } from '../testing/harness.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import type { StoreKind } from './open.ts';
import { HEADER } from '../../src/contract/index.ts';

const CALLS = 250;
type Row = RowBody & { at: string };
interface Page {
  rows: Row[];
  nextCursor: number | null;
  session: string;
}
interface State {
  session: { id: string; calls: number; total: string };
  rows: RowBody[];
  olderRowsCursor: number | null;
}

describe.each(STORE_KINDS)('the paged session (%s store)', (kind: StoreKind) => {
  let harness: ProxyHarness;
  const names = Array.from({ length: CALLS }, (_, index) => `ada__pg${index}`);

  /** The ledger's own order (journal order), read in one page of 500: what every paging must reproduce. */
  let ledger: Row[] = [];

  // One ledger of 250 calls for the whole block, ten at a time; the tests only read it (the last one starts a new session).
  beforeAll(async () => {
    harness = await startProxyAgainstStandin({}, { store: kind });
    let next = 0;
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < CALLS) {
          const response = await harness.api(`/api/v1/social/microblog/posts?screen_name=${names[next++]}`);
          await response.arrayBuffer();
          statuses.push(response.status);
        }
      }),
    );
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(await harness.upstreamLog('ada__pg')).toHaveLength(CALLS);
    const whole = (await (await harness.api('/api/_session/calls?limit=500')).json()) as Page;
    ledger = whole.rows;
    expect(whole.nextCursor).toBeNull();
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
  });

  const calls = async (query: string) => {
    const response = await harness.api(`/api/_session/calls${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as Page;
  };
  const nameOf = (row: RowBody) => String(row.params.screen_name);

  it('holds every call once, in the order they were journalled', () => {
    expect(ledger.map(nameOf).sort()).toEqual([...names].sort());
    expect(new Set(ledger.map((row) => row.id)).size).toBe(CALLS);
    // Oldest first: journal times never go back (a batch shares one).
    expect(ledger.every((row, index) => index === 0 || ledger[index - 1]!.at <= row.at)).toBe(true);
    expect(ledger.every((row) => row.credits === '0.1' && row.ok && row.charged === 'yes')).toBe(true);
  });

  it('/api/_session sends the newest 100 rows, oldest first, with a cursor to the older ones and totals over all 250', async () => {
    const state = await harness.state<State>();
    expect(state.session).toMatchObject({ calls: CALLS, total: '25' });
    expect(state.rows.map((row) => row.id)).toEqual(ledger.slice(CALLS - 100).map((row) => row.id));
    expect(state.olderRowsCursor).toEqual(expect.any(Number));
  });

  it('pages back from olderRowsCursor through /api/_session/calls?before=: every call exactly once, in order', async () => {
    const state = await harness.state<State>();
    const pages: RowBody[][] = [state.rows];
    let cursor = state.olderRowsCursor;
    for (let guard = 0; cursor !== null; guard += 1) {
      expect(guard).toBeLessThan(10);
      const page = await calls(`?before=${cursor}`);
      expect(page.session).toBe(state.session.id);
      pages.unshift(page.rows);
      cursor = page.nextCursor;
    }
    expect(pages.map((page) => page.length)).toEqual([50, 100, 100]);
    expect(pages.flat()).toEqual(ledger);
  });

  it('pages of 7 meet without a gap or an overlap', async () => {
    const small: RowBody[][] = [];
    let cursor: number | null | undefined;
    for (let guard = 0; cursor !== null; guard += 1) {
      expect(guard).toBeLessThan(40);
      const page: Page = await calls(`?limit=7${cursor === undefined ? '' : `&before=${cursor}`}`);
      expect(page.rows.length).toBeLessThanOrEqual(7);
      small.unshift(page.rows);
      cursor = page.nextCursor;
    }
    expect(small).toHaveLength(Math.ceil(CALLS / 7));
    expect(small.flat()).toEqual(ledger);
  });

  it.each([
    ['/api/_session/calls?limit=0', /limit=1\.\.500/],
    ['/api/_session/calls?limit=abc', /limit=1\.\.500/],
    ['/api/_session/calls?limit=501', /limit=1\.\.500/],
    ['/api/_session/calls?limit=-5', /limit=1\.\.500/],
    ['/api/_session/calls?before=xyz', /\?before=<cursor from olderRowsCursor or nextCursor>/],
    ['/api/_session/calls?before=1.5', /\?before=/],
    ['/api/_session/calls?session=%3Cscript%3E', /session=<id>/],
    ['/api/_session?limit=0', /^limit must be a whole number from 1 to 500$/],
    ['/api/_session?limit=abc', /^limit must be a whole number from 1 to 500$/],
  ])('%s is a 400 that says what a valid request looks like, and costs nothing', async (pathname, message) => {
    const response = await harness.api(pathname);
    expect(response.status).toBe(400);
    expect(response.headers.get(HEADER.charged)).toBe('no');
    const body = (await response.json()) as { error: { kind: string; message: string } };
    expect(body.error.kind).toBe('bad_request');
    expect(body.error.message).toMatch(message);
  });

  it('a new session starts with no rows; the old one still pages by its id (last, as it changes the current session)', async () => {
    const before = await harness.state<State>();
    const renewed = (await (await harness.api('/api/_session/new', { method: 'POST', body: '{}' })).json()) as State;
    expect(renewed.session.id).not.toBe(before.session.id);
    expect(renewed.rows).toEqual([]);
    expect(renewed.olderRowsCursor).toBeNull();
    const old = await calls(`?session=${before.session.id}&limit=500`);
    expect(old.session).toBe(before.session.id);
    expect(old.rows).toEqual(ledger);
    expect((await calls('')).rows).toEqual([]);
  });
});
