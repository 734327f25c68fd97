import { describe, expect, it } from 'vitest';
import { expectedCost } from './cost';
import type { LedgerRow, SessionState } from './session';

const row = (operation: 'timeline' | 'search', credits: string, ok = true): LedgerRow => ({
  id: credits,
  session: 's',
  at: '2024-01-01T00:00:00Z',
  operation,
  params: {},
  status: ok ? 200 : 500,
  credits,
  durationMs: 1,
  ok,
  charged: 'yes',
  attempts: [{ at: '2024-01-01T00:00:00Z', status: ok ? 200 : 500, durationMs: 1, credits, charged: 'yes' }],
});

const state = (rows: LedgerRow[], extra: Record<string, unknown> = {}): SessionState => ({
  mode: 'demo',
  upstream: 'stand-in',
  rows,
  recentSpend: [],
  pastSessions: [],
  session: {
    id: 's',
    startedAt: '',
    calls: rows.length,
    failedFree: 0,
    total: '0',
    byOperation: { timeline: { calls: 0, total: '0' }, search: { calls: 0, total: '0' } },
  },
  budget: {
    operatorLimit: null,
    personalLimit: null,
    limit: null,
    spentSinceStart: '0',
    remaining: null,
    reached: false,
    reachedBy: null,
    period: 'total',
    spentInPeriod: '0',
    warnAt: null,
    warning: false,
    warningBy: null,
  },
  olderRowsCursor: null,
  store: 'sqlite',
  archive: { freshForMs: 3_600_000 },
  prices: { timeline: null, search: null },
  ...extra,
});

describe('expectedCost', () => {
  it('is unknown before the session has loaded or before the first call', () => {
    expect(expectedCost(undefined, 'timeline')).toBeNull();
    expect(expectedCost(state([]), 'timeline')).toBeNull();
  });

  it('averages the successful calls of that operation when the server reports no price', () => {
    expect(
      expectedCost(
        state([row('timeline', '0.1'), row('timeline', '0.2'), row('timeline', '9', false), row('search', '5')]),
        'timeline',
      ),
    ).toBe('0.15');
  });

  it('prefers the price the server reports, per operation, and ignores a missing or malformed one', () => {
    const rows = [row('timeline', '0.3'), row('search', '0.4')];
    const priced = state(rows, { prices: { timeline: '0.1', search: null } });
    expect(expectedCost(priced, 'timeline')).toBe('0.1');
    expect(expectedCost(priced, 'search')).toBe('0.4');
    expect(expectedCost(state(rows, { prices: { timeline: 'free' } }), 'timeline')).toBe('0.3');
    expect(expectedCost(state([], { prices: null }), 'search')).toBeNull();
    expect(expectedCost(state([], { prices: { search: '0.2' } }), 'search')).toBe('0.2');
  });
});
