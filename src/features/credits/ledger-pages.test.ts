import { describe, expect, it } from 'vitest';
import type { LedgerRow, SessionState } from '../../api/session';
import { mergeRows, olderCursor, sessionRowCount, stillJoins, type OlderRows } from './ledger-pages';

const row = (id: string): LedgerRow => ({
  id,
  session: 's',
  at: `2025-01-01T10:00:${id.padStart(2, '0')}.000Z`,
  operation: 'timeline',
  params: {},
  status: 200,
  credits: '0.1',
  durationMs: 1,
  ok: true,
  charged: 'yes',
  attempts: [],
  person: null,
});
const ids = (rows: readonly LedgerRow[]) => rows.map((r) => r.id);

const budget: SessionState['budget'] = {
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
};

const state = (rows: LedgerRow[], olderRowsCursor: number | null, calls = 250, sessionId = 's'): SessionState => ({
  mode: 'demo',
  person: null,
  team: null,
  upstream: 'stand-in',
  rows,
  olderRowsCursor,
  recentSpend: [],
  store: 'sqlite',
  archive: { freshForMs: 3_600_000 },
  pastSessions: [],
  alertsFired: [],
  budget,
  session: {
    id: sessionId,
    startedAt: '',
    calls,
    failedFree: 0,
    total: '0',
    byOperation: { timeline: { calls: 0, total: '0' }, search: { calls: 0, total: '0' } },
  },
  prices: { timeline: null, search: null },
});

describe('ledger pages', () => {
  const anchor = [row('3'), row('4')];
  const loaded: OlderRows = { sessionId: 's', anchor, older: [row('1'), row('2')], cursor: 1 };

  it('joins older pages, the page they were read under and the newest page, each row once, oldest first', () => {
    expect(ids(mergeRows(loaded, [row('4'), row('5')]))).toEqual(['1', '2', '3', '4', '5']);
    expect(ids(mergeRows(null, [row('4'), row('5')]))).toEqual(['4', '5']);
  });

  it('keeps older pages while the newest page still overlaps them, and drops them for a new session or a gap', () => {
    expect(stillJoins(loaded, state([row('4'), row('5')], 3))).toBe(true);
    expect(stillJoins(loaded, state([row('4')], 3, 250, 'other'))).toBe(false);
    expect(stillJoins(loaded, state([row('9'), row('10')], 8))).toBe(false);
  });

  it('pages on from the oldest loaded row, and counts every row of the session until all are loaded', () => {
    expect(olderCursor(null, state([row('4')], 3))).toBe(3);
    expect(olderCursor({ ...loaded, cursor: null }, state([row('4')], 3))).toBeNull();
    expect(sessionRowCount(state([], 3, 250), 100, false)).toBe(250);
    expect(sessionRowCount(state([], null, 250), 249, true)).toBe(249);
  });
});
