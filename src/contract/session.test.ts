import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { sessionStateSchema, type SessionState } from './session';
import { salvage } from './salvage';

const summary = {
  id: 's1',
  startedAt: '2026-01-01T00:00:00.000Z',
  calls: 1,
  failedFree: 0,
  total: '0.1',
  byOperation: { timeline: { calls: 1, total: '0.1' }, search: { calls: 0, total: '0' } },
};

const state: SessionState = {
  mode: 'demo',
  person: null,
  team: null,
  upstream: 'built-in stand-in',
  store: 'sqlite',
  archive: { freshForMs: 3_600_000 },
  session: summary,
  budget: {
    operatorLimit: '10',
    personalLimit: null,
    limit: '10',
    period: 'day',
    spentInPeriod: '0.1',
    spentSinceStart: '0.1',
    remaining: '9.9',
    warnAt: '8',
    warning: false,
    warningBy: null,
    reached: false,
    reachedBy: null,
  },
  recentSpend: [{ minute: '2026-01-01T00:00', calls: 1, credits: '0.1' }],
  prices: { timeline: '0.1', search: null },
  rows: [],
  olderRowsCursor: null,
  pastSessions: [summary],
  alertsFired: [],
};

/** `state` without one field, at a dotted path. */
function without(path: string): unknown {
  const copy = structuredClone(state) as unknown as Record<string, Record<string, unknown>>;
  const [first, second] = path.split('.') as [string, string | undefined];
  if (second === undefined) delete copy[first];
  else delete copy[first]![second];
  return copy;
}

describe('the /api/_session contract', () => {
  it('reads a whole answer as it was sent', () => {
    expect(v.parse(sessionStateSchema, state)).toStrictEqual(state);
  });

  // The browser and the server ship together: a field missing is a server that broke the contract, said as
  // an unexpected shape, never papered over with a guess (a period of "total", no warning, no archive).
  it.each([
    'store',
    'archive',
    'olderRowsCursor',
    'budget.period',
    'budget.spentInPeriod',
    'budget.warnAt',
    'budget.warning',
    'budget.warningBy',
    'recentSpend',
  ])('refuses an answer without %s instead of filling it in', (path) => {
    expect(v.safeParse(sessionStateSchema, without(path)).success).toBe(false);
  });

  // #33: a stored limit of "1e-7" made every page's meter, prices and Credits unreadable at once.
  it('read field by field (salvage), one unreadable field is named and stands in as none; the rest is as sent', () => {
    const broken = structuredClone(state) as unknown as { budget: Record<string, unknown>; recentSpend: unknown[] };
    broken.budget.personalLimit = '1e-7';
    broken.recentSpend.push({ minute: 'x', calls: 1, credits: '5e-7' });
    const read = salvage(sessionStateSchema, broken);
    expect(read?.unreadable).toEqual(['budget.personalLimit', 'recentSpend (1 of 2)']);
    expect(read?.output).toStrictEqual({ ...state, budget: { ...state.budget, personalLimit: null } });
    // Without a budget at all, it is one field named, each of its own fields standing in as none.
    const read2 = salvage(sessionStateSchema, without('budget'));
    expect(read2?.unreadable).toContain('budget.limit');
    expect(read2?.output.session).toStrictEqual(state.session);
    expect(salvage(sessionStateSchema, state)).toEqual({ output: state, unreadable: [] });
    expect(salvage(sessionStateSchema, 'not an object')).toBeNull();
  });
});
