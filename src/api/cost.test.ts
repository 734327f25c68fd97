import { describe, expect, it } from 'vitest';
import { decidePrice, expectedCost } from './cost';
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
  person: null,
});

const state = (rows: LedgerRow[], extra: Record<string, unknown> = {}): SessionState => ({
  mode: 'demo',
  person: null,
  team: null,
  upstream: 'stand-in',
  rows,
  recentSpend: [],
  pastSessions: [],
  alertsFired: [],
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

describe('decidePrice', () => {
  const priced = state([], { prices: { timeline: '0.1', search: '0.2' } });
  const reached = (by: 'operator' | 'personal') =>
    state([], {
      prices: { timeline: '0.1', search: '0.2' },
      budget: { ...priced.budget, reached: true, reachedBy: by },
    });
  const facts = { operation: 'timeline' as const, inBrowser: false, archivedAt: null, rebuy: false };

  it('follows the purchase path: this browser, then the archive, then a call at the going price', () => {
    expect(decidePrice(priced, { ...facts, inBrowser: true, archivedAt: 5 })).toEqual({ kind: 'this-browser' });
    expect(decidePrice(priced, { ...facts, archivedAt: 5 })).toEqual({ kind: 'archive', boughtAt: 5 });
    expect(decidePrice(priced, facts)).toEqual({ kind: 'buy', credits: '0.1', estimate: false });
    expect(decidePrice(state([row('search', '0.3')]), { ...facts, operation: 'search' })).toEqual({
      kind: 'buy',
      credits: '0.3',
      estimate: true,
    });
  });

  it('a re-buy is always a call, and a reached limit offers no price, only for what needs a call', () => {
    expect(decidePrice(priced, { ...facts, inBrowser: true, archivedAt: 5, rebuy: true }).kind).toBe('buy');
    expect(decidePrice(reached('personal'), facts)).toEqual({ kind: 'blocked', by: 'personal' });
    expect(decidePrice(reached('operator'), { ...facts, rebuy: true })).toEqual({ kind: 'blocked', by: 'operator' });
    // The archive serves before the budget is read: free with the limit reached too.
    expect(decidePrice(reached('personal'), { ...facts, archivedAt: 5 }).kind).toBe('archive');
    expect(decidePrice(reached('personal'), { ...facts, inBrowser: true }).kind).toBe('this-browser');
    // A price list still says the price.
    expect(decidePrice(reached('personal'), { ...facts, listed: true }).kind).toBe('buy');
  });

  // #33: with 0.1 left, "Next → 0.2 credits" was offered, and bought.
  it('a price above what the nearest limit leaves offers no price, says whose and what is left; one that fits buys', () => {
    const left = (remaining: string) =>
      state([], {
        prices: { timeline: '0.1', search: '0.2' },
        budget: { ...priced.budget, limit: '1.2', remaining, limitBy: 'personal' },
      });
    const search = { ...facts, operation: 'search' as const };
    expect(decidePrice(left('0.1'), search)).toEqual({ kind: 'blocked', by: 'personal', left: '0.1' });
    expect(decidePrice(left('0.1'), facts)).toEqual({ kind: 'buy', credits: '0.1', estimate: false });
    expect(decidePrice(left('0.2'), search).kind).toBe('buy');
    expect(decidePrice(left('0.1'), { ...search, archivedAt: 5 }).kind).toBe('archive');
    expect(decidePrice(left('0.1'), { ...search, listed: true }).kind).toBe('buy');
  });
});
