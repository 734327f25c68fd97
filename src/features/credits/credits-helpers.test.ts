import { describe, expect, it } from 'vitest';
import type { LedgerRow } from '../../api/session';
import { curlCommand } from './curl';
import { ledgerCsv, ledgerJson } from './export';
import { paramsText, paramsWords } from './ledger-text';
import { filterRows, NO_FILTER, nextSort, sortRows } from './ledger-view';
import { niceCeiling, spendSeries } from './spend-series';

const row = (over: Partial<LedgerRow>): LedgerRow => {
  const base = {
    id: 'r',
    session: 's',
    at: '2025-01-01T10:00:00.000Z',
    operation: 'timeline' as const,
    params: { screen_name: 'ada' },
    status: 200,
    credits: '0.1',
    durationMs: 10,
    ok: true,
    person: null,
    ...over,
  };
  // A failure that cost nothing was not charged; every fixture row is one attempt unless it says otherwise.
  const charged = over.charged ?? (base.ok || base.credits !== '0' ? 'yes' : 'no');
  return {
    ...base,
    charged,
    attempts: over.attempts ?? [
      { at: base.at, status: base.status, durationMs: base.durationMs, credits: base.credits, charged },
    ],
  };
};

const rows = [
  row({ id: 'a', at: '2025-01-01T10:00:01.000Z', credits: '0.1', durationMs: 30 }),
  row({
    id: 'b',
    at: '2025-01-01T10:00:02.000Z',
    operation: 'search',
    params: { q: '=cmd()' },
    credits: '0.2',
    durationMs: 5,
  }),
  row({
    id: 'c',
    at: '2025-01-01T10:00:03.000Z',
    status: 503,
    ok: false,
    credits: '0',
    errorKind: 'upstream',
    durationMs: 900,
  }),
  row({ id: 'd', at: '2025-01-01T10:00:04.000Z', credits: '10', durationMs: 12 }),
];

describe('ledger table view', () => {
  it('filters by operation, outcome and text', () => {
    expect(filterRows(rows, { ...NO_FILTER, operation: 'search' }).map((r) => r.id)).toEqual(['b']);
    expect(filterRows(rows, { ...NO_FILTER, outcome: 'failed' }).map((r) => r.id)).toEqual(['c']);
    expect(filterRows(rows, { ...NO_FILTER, outcome: 'ok', operation: 'timeline' }).map((r) => r.id)).toEqual([
      'a',
      'd',
    ]);
    expect(filterRows(rows, { ...NO_FILTER, text: 'CMD' }).map((r) => r.id)).toEqual(['b']);
    expect(filterRows(rows, { ...NO_FILTER, text: '503' }).map((r) => r.id)).toEqual(['c']);
  });

  it('sorts credits as decimals (10 > 0.2), stably', () => {
    expect(sortRows(rows, { key: 'credits', direction: 'desc' }).map((r) => r.id)).toEqual(['d', 'b', 'a', 'c']);
    expect(sortRows(rows, { key: 'durationMs', direction: 'asc' }).map((r) => r.id)).toEqual(['b', 'd', 'a', 'c']);
    expect(sortRows(rows, { key: 'operation', direction: 'asc' }).map((r) => r.id)).toEqual(['b', 'a', 'c', 'd']);
    expect(sortRows(rows, { key: 'at', direction: 'desc' }).map((r) => r.id)).toEqual(['d', 'c', 'b', 'a']);
  });

  it('toggles direction on the same column, and starts numbers descending', () => {
    expect(nextSort({ key: 'at', direction: 'asc' }, 'at')).toEqual({ key: 'at', direction: 'desc' });
    expect(nextSort({ key: 'at', direction: 'asc' }, 'credits')).toEqual({ key: 'credits', direction: 'desc' });
  });
});

describe('exports', () => {
  it('writes CSV with quoting and formula-safe text', () => {
    const csv = ledgerCsv(rows.slice(0, 3));
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('id,session,at,operation,status,ok,credits,durationMs,errorKind,params,person');
    expect(lines[1]).toBe('a,s,2025-01-01T10:00:01.000Z,timeline,200,true,0.1,30,,"{""screen_name"":""ada""}",');
    expect(lines[2]).toContain(`"{""q"":""=cmd()""}"`);
    expect(lines[3]).toContain(',false,0,900,upstream,');
    expect(ledgerCsv([row({ params: {}, errorKind: '=1+1' })])).toContain(`,'=1+1,`);
  });

  it('carries who bought each row (#28), last so the older columns keep their places', () => {
    expect(
      ledgerCsv([row({ person: 'alice' })])
        .trim()
        .split('\r\n')[1],
    ).toMatch(/,alice$/);
    expect(JSON.parse(ledgerJson([row({ person: 'alice' })]))[0].person).toBe('alice');
  });

  it('writes JSON that reads back to the same rows', () => {
    expect(JSON.parse(ledgerJson(rows))).toEqual(rows);
  });
});

describe('copy as curl', () => {
  it('POST with a JSON body, token as $API_TOKEN', () => {
    expect(curlCommand({ method: 'POST', path: '/v1/search', params: {}, body: { q: 'x' } })).toBe(
      `curl -X POST "$API_BASE_URL/v1/search" -H "Authorization: Bearer $API_TOKEN" -H 'Content-Type: application/json' -d '{"q":"x"}'`,
    );
  });

  it('quotes single quotes in the body for the shell', () => {
    expect(curlCommand({ method: 'POST', path: '/v1/search', params: {}, body: { q: "it's" } })).toContain(
      `-d '{"q":"it'\\''s"}'`,
    );
  });

  it('GET with URL-encoded query parameters, nothing a shell would expand', () => {
    const command = curlCommand({
      method: 'GET',
      path: '/v1/social/microblog/posts',
      params: { screen_name: 'ada', cursor: 'a+b/c= $(x)`!' },
      body: null,
    });
    expect(command).toBe(
      `curl "$API_BASE_URL/v1/social/microblog/posts?screen_name=ada&cursor=a%2Bb%2Fc%3D%20%24%28x%29%60%21" -H "Authorization: Bearer $API_TOKEN"`,
    );
  });
});

describe('spend series', () => {
  it('accumulates exactly in time order', () => {
    const series = spendSeries([
      rows[1]!,
      rows[0]!,
      ...Array.from({ length: 10 }, (_, i) => row({ at: `2025-01-01T11:00:0${i}.000Z` })),
    ]);
    expect(series.map((point) => point.total).slice(0, 3)).toEqual(['0.1', '0.3', '0.4']);
    expect(series.at(-1)!.total).toBe('1.3');
  });

  it('rounds the axis maximum up to a readable value', () => {
    expect([0, 0.3, 1, 1.3, 2.2, 7, 100].map(niceCeiling)).toEqual([1, 0.5, 1, 2, 2.5, 10, 100]);
  });
});

describe('ledger parameters in words', () => {
  it('a cursor reads as the next page of whom, a search as its query and page; the raw text stays exact', () => {
    const cursor = { screen_name: 'ada', cursor: 'DAABCgABF/+x==' };
    expect(paramsWords('timeline', { screen_name: 'ada' })).toBe('first page of @ada');
    expect(paramsWords('timeline', cursor)).toBe('next page of @ada');
    expect(paramsWords('timeline', { rest_id: '42', cursor: 'x', count: 20 })).toBe(
      'next page of user id 42 · count=20',
    );
    expect(paramsWords('search', { q: 'rust async', num: 10, page: '2' })).toBe('“rust async” page 2 · num=10');
    expect(paramsText(cursor)).toBe('screen_name=ada cursor=DAABCgABF/+x==');
  });
});
