import { describe, expect, it } from 'vitest';
import type { SpendBreakdown, SpendGroup } from '../../api/spend';
import { askFor, nextSpendSort, sortGroups, spendCsv } from './spend-view';

const group = (key: string | null, credits: string, calls: number, lastAt: string): SpendGroup => ({
  key,
  calls,
  failedFree: 0,
  credits,
  unknownCalls: 0,
  unknownCredits: '0',
  lastAt,
});
const GROUPS = [
  group(null, '0.4', 2, '2026-11-25T10:00:00Z'),
  group('ada', '0.15', 2, '2026-11-25T12:00:00Z'),
  group('=cmd', '0.05', 1, '2026-11-24T09:00:00Z'),
  group('grace', '1.1', 11, '2026-11-23T09:00:00Z'),
];

describe('the spend table', () => {
  it('sorts credits as decimals (1.1 above 0.4, not as text), and keeps the no-handle group last by name', () => {
    expect(sortGroups(GROUPS, { key: 'credits', direction: 'desc' }).map((g) => g.key)).toEqual([
      'grace',
      null,
      'ada',
      '=cmd',
    ]);
    expect(sortGroups(GROUPS, { key: 'key', direction: 'asc' }).map((g) => g.key)).toEqual([
      '=cmd',
      'ada',
      'grace',
      null,
    ]);
    expect(sortGroups(GROUPS, { key: 'key', direction: 'desc' }).map((g) => g.key)).toEqual([
      'grace',
      'ada',
      '=cmd',
      null,
    ]);
    expect(nextSpendSort({ key: 'credits', direction: 'desc' }, 'credits')).toEqual({
      key: 'credits',
      direction: 'asc',
    });
  });

  it('asks for UTC days: today, the last 7 and 30 days (today included), all time, this session', () => {
    const now = Date.parse('2026-11-25T23:30:00Z');
    expect(askFor('day', 'today', {}, now)).toEqual({ by: 'day', from: '2026-11-25', to: '2026-11-25', session: null });
    expect(askFor('day', '7d', {}, now)).toMatchObject({ from: '2026-11-19', to: '2026-11-25' });
    expect(askFor('day', '30d', {}, now)).toMatchObject({ from: '2026-10-27', to: '2026-11-25' });
    expect(askFor('job', 'all', {}, now)).toEqual({ by: 'job', from: null, to: null, session: null });
    expect(askFor('job', 'session', {}, now)).toMatchObject({ session: 'current' });
    expect(askFor('query', 'custom', { from: '2026-11-01' }, now)).toMatchObject({ from: '2026-11-01', to: null });
  });

  it('writes the CSV in the order shown, a formula-like name made inert, its credits adding up to the total', () => {
    const breakdown = { by: 'handle', total: '1.7', groups: GROUPS } as SpendBreakdown;
    const csv = spendCsv(breakdown, GROUPS);
    const [header, ...lines] = csv.trim().split('\r\n');
    expect(header).toBe('group,key,calls,failedFree,credits,unknownOutcomeCredits,lastAt');
    expect(lines[0]).toBe('Searches (no handle),,2,0,0.4,0,2026-11-25T10:00:00Z');
    expect(lines[2]).toBe("'=cmd,'=cmd,1,0,0.05,0,2026-11-24T09:00:00Z");
  });
});
