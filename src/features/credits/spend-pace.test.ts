import { describe, expect, it } from 'vitest';
import type { Budget } from '../../api/session';
import { durationText, paceSentence, whenText } from './pace-words';
import { spendPace } from './spend-pace';

const budget: Budget = {
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
};
const start = Date.UTC(2026, 10, 23, 14, 0);
const minutes = (count: number) => start + count * 60_000;
const state = (total: string, over: Partial<Budget> = {}) => ({
  session: {
    id: 's',
    startedAt: new Date(start).toISOString(),
    calls: 1,
    failedFree: 0,
    total,
    byOperation: { timeline: { calls: 0, total: '0' }, search: { calls: 0, total: '0' } },
  },
  budget: { ...budget, ...over },
});

describe('the session’s spending pace', () => {
  it('is credits per hour since the session started, exact, and waits for the first minute', () => {
    expect(spendPace(state('0.5'), minutes(0.5))).toBeNull();
    expect(spendPace(state('0.5'), minutes(30))).toMatchObject({ perHour: '1', forecast: null });
    expect(spendPace(state('0.1'), minutes(18))!.perHour).toBe('0.33');
    // Too small for two places: four, rather than a rate of 0 while credits are being spent.
    expect(spendPace(state('0.001'), minutes(90))!.perHour).toBe('0.0007');
    expect(spendPace(state('0'), minutes(90))!.perHour).toBe('0');
  });

  it('says when the tighter limit is reached at this pace, from the exact remainder', () => {
    const pace = spendPace(state('0.5', { limit: '2', personalLimit: '2', remaining: '1.5' }), minutes(30))!;
    expect(pace.forecast).toEqual({ kind: 'at', at: minutes(120), inMs: 90 * 60_000 });
    expect(
      spendPace(state('0.5', { limit: '2', remaining: '0', reached: true, reachedBy: 'personal' }), minutes(30))!
        .forecast,
    ).toEqual({ kind: 'reached' });
    expect(spendPace(state('0', { limit: '2', remaining: '2' }), minutes(30))!.forecast).toBeNull();
  });

  it('knows an operator’s daily limit starts again at midnight UTC, before a slow pace would reach it', () => {
    const daily = { limit: '100', operatorLimit: '100', remaining: '87', period: 'day' as const };
    expect(spendPace(state('1', daily), minutes(60))!.forecast).toEqual({
      kind: 'resets-first',
      resetsAt: Date.UTC(2026, 10, 24),
      period: 'day',
    });
    expect(
      spendPace(state('0.001', { limit: '100', operatorLimit: '100', remaining: '99' }), minutes(60))!.forecast,
    ).toEqual({ kind: 'beyond', days: 30 });
  });

  it('says it in a sentence', () => {
    const pace = spendPace(state('0.5', { limit: '2', personalLimit: '2', remaining: '1.5' }), minutes(30));
    expect(paceSentence(pace, '0.5', minutes(30))).toMatch(
      /^1 credit per hour this session \(0\.5 credits since the session started at .+, 30 mins? ago\)\. At this rate the limit is reached at .+, in 1 hrs?,? 30 mins?\.$/,
    );
    expect(paceSentence(null, '0.5', minutes(0.5))).toBe('The spending rate shows once the session is a minute old.');
    expect(durationText(26 * 3_600_000 + 5 * 60_000)).toMatch(/^1 day,? 2 hrs?$/);
    expect(durationText(20_000)).toMatch(/^under 1 mins?$/);
  });

  it('writes times in the zone and language it is given, as the server writes a page it renders', () => {
    // 23:30 and 01:30 UTC are two days in UTC but one afternoon in Kiritimati (UTC+14).
    const late = Date.UTC(2026, 10, 23, 23, 30);
    const style = { timeZone: 'Pacific/Kiritimati', locale: 'de-DE' };
    expect(whenText(late, late + 2 * 3_600_000, style)).toBe('13:30');
    expect(whenText(late, late + 2 * 3_600_000, { timeZone: 'UTC', locale: 'en-US' })).toBe('Mon 11:30 PM');
    expect(paceSentence(spendPace(state('0.5'), minutes(30)), '0.5', minutes(30), style)).toContain(
      'since the session started at 4:00, 30 Min. ago',
    );
  });
});
