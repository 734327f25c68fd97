import { describe, expect, it } from 'vitest';
import type { Budget } from '../../api/session';
import type { RecentSpend } from '../../contract/session';
import { durationText, meterPaceText, paceSentence, paceUnitLabel, whenText } from './pace-words';
import { spendInWindow, spendPace } from './spend-pace';

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
  warningBy: null,
};
const start = Date.UTC(2026, 10, 23, 14, 0);
const minutes = (count: number) => start + count * 60_000;
/** The server's per-minute entry for calls journalled `count` minutes into the session. */
const spentAt = (count: number, credits: string, calls = 1) => ({
  minute: new Date(minutes(count)).toISOString().slice(0, 16),
  calls,
  credits,
});
const state = (total: string, recentSpend: RecentSpend, over: Partial<Budget> = {}) => ({
  session: {
    id: 's',
    startedAt: new Date(start).toISOString(),
    calls: 1,
    failedFree: 0,
    total,
    byOperation: { timeline: { calls: 0, total: '0' }, search: { calls: 0, total: '0' } },
  },
  budget: { ...budget, ...over },
  recentSpend,
  team: null,
});
const burst = [spentAt(0, '0.5', 5)];

describe('the person’s spending pace', () => {
  it('is credits per hour over a fixed 15 minutes, however young the session, exact', () => {
    // 0.5 credits in a session 30 seconds old: over 15 minutes, 2 an hour (not 60 an hour over 30 seconds).
    expect(spendPace(state('0.5', burst), minutes(0.5))).toMatchObject({
      perHour: '2',
      windowMs: 15 * 60_000,
      calls: 5,
      spent: '0.5',
    });
    expect(spendPace(state('0.5', burst), minutes(10))).toMatchObject({ perHour: '2', windowMs: 15 * 60_000 });
    expect(spendPace(state('0.3', [spentAt(2, '0.3', 3)]), minutes(10)).perHour).toBe('1.2');
    // Too small for two places: four, rather than a rate of 0 while credits are being spent.
    expect(spendPace(state('0.0003', [spentAt(3, '0.0003', 3)]), minutes(15)).perHour).toBe('0.0012');
  });

  it("forecasts no team's limit from one person's pace: others spend under it too", () => {
    const operators = { limit: '1', operatorLimit: '1', remaining: '0.5', limitBy: 'operator' as const };
    const steady = [spentAt(2, '0.3', 3)];
    const team = { period: 'total' as const, spent: '0.5', calls: 5, byPerson: null };
    // Alone on the server (nobody signs in), the operator's limit is the person's: a forecast.
    expect(spendPace(state('0.3', steady, operators), minutes(10)).forecast).toMatchObject({ kind: 'at' });
    // On a team's server the pace stays, the forecast goes; a person's own limit nearest is forecast as ever.
    expect(spendPace({ ...state('0.3', steady, operators), team }, minutes(10))).toMatchObject({
      perHour: '1.2',
      forecast: null,
    });
    expect(
      spendPace({ ...state('0.3', steady, { ...operators, limitBy: 'person' }), team }, minutes(10)).forecast,
    ).toMatchObject({ kind: 'at' });
    // A team's limit reached is still said.
    expect(
      spendPace({ ...state('0.3', steady, { ...operators, remaining: '0', reached: true }), team }, minutes(10))
        .forecast,
    ).toEqual({ kind: 'reached' });
  });

  it('makes no rate and no forecast of fewer than 3 calls in the window (#33: one call is no pace)', () => {
    const limited = { limit: '0.5', personalLimit: '0.5', remaining: '0.4' };
    // One 0.1-credit call a minute into the session: no 0.4 credits/h (nor 5.39), and no "limit reached at".
    const one = spendPace(state('0.1', [spentAt(0, '0.1')], limited), minutes(1));
    expect(one).toMatchObject({ perHour: null, calls: 1, spent: '0.1', forecast: null });
    expect(meterPaceText(one, minutes(1))).toBeNull();
    const two = spendPace(state('0.2', [spentAt(0, '0.1'), spentAt(1, '0.1')], limited), minutes(2));
    expect(two).toMatchObject({ perHour: null, calls: 2, forecast: null });
    const three = spendPace(state('0.3', [spentAt(0, '0.2', 2), spentAt(1, '0.1')], limited), minutes(2));
    expect(three).toMatchObject({ perHour: '1.2', calls: 3 });
    expect(three.forecast).toMatchObject({ kind: 'at', inMs: 20 * 60_000 });
  });

  it('counts only the last 15 minutes: an old burst no longer holds the rate up', () => {
    const history = [spentAt(0, '0.5', 5), spentAt(40, '0.1'), spentAt(52, '0.2', 2)];
    // At 55 minutes the window is 40–55: 0.3 credits in 15 minutes is 1.2 an hour (the session average was 0.87).
    expect(spendPace(state('0.8', history), minutes(55))).toMatchObject({ perHour: '1.2', calls: 3, spent: '0.3' });
    // The minute the window starts in counts whole (the server groups by minute): 40:00–40:59 at 55:30.
    expect(spendPace(state('0.8', history), minutes(55.5))).toMatchObject({ calls: 3, spent: '0.3' });
    expect(spendPace(state('0.8', history), minutes(56))).toMatchObject({ perHour: null, calls: 2, spent: '0.2' });
    // Nothing in the last 15 minutes: no rate, and idle.
    expect(spendPace(state('0.8', history), minutes(75))).toMatchObject({ perHour: null, calls: 0, spent: '0' });
  });

  it('forecasts the nearest limit only while spending goes on, from the exact remainder', () => {
    const limited = { limit: '2', personalLimit: '2', remaining: '1.5' };
    // 0.5 in the 15 minutes: 2 an hour, so the 1.5 left last 45 minutes.
    const pace = spendPace(state('0.5', [spentAt(1, '0.5', 5)], limited), minutes(15));
    expect(pace.forecast).toEqual({ kind: 'at', at: minutes(60), inMs: 45 * 60_000 });
    // Idle: the same session half an hour later says nothing about when, rather than a clock that never comes.
    expect(spendPace(state('0.5', [spentAt(1, '0.5', 5)], limited), minutes(45)).forecast).toBeNull();
    expect(
      spendPace(state('0.5', burst, { limit: '2', remaining: '0', reached: true, reachedBy: 'personal' }), minutes(30))
        .forecast,
    ).toEqual({ kind: 'reached' });
    expect(spendPace(state('0', [], { limit: '2', remaining: '2' }), minutes(30)).forecast).toBeNull();
  });

  it('knows an operator’s daily limit starts again at midnight UTC, before a slow pace would reach it', () => {
    const daily = { limit: '100', operatorLimit: '100', remaining: '87', period: 'day' as const };
    expect(spendPace(state('1', [spentAt(50, '0.25', 3)], daily), minutes(60)).forecast).toEqual({
      kind: 'resets-first',
      resetsAt: Date.UTC(2026, 10, 24),
      period: 'day',
    });
    expect(
      spendPace(
        state('0.001', [spentAt(50, '0.001', 3)], { limit: '100', operatorLimit: '100', remaining: '99' }),
        minutes(60),
      ).forecast,
    ).toEqual({ kind: 'beyond', days: 30 });
  });

  it('sums the minutes in the window exactly', () => {
    const recent = [spentAt(0, '0.1'), spentAt(1, '0.2', 2), spentAt(2, '0.0000001')];
    expect(spendInWindow(recent, minutes(0.5))).toEqual({ calls: 4, spent: '0.3000001' });
    expect(spendInWindow(recent, minutes(1))).toEqual({ calls: 3, spent: '0.2000001' });
    expect(spendInWindow([], minutes(1))).toEqual({ calls: 0, spent: '0' });
  });

  it('says it in words: the unit and window on the meter, the whole of it in a sentence', () => {
    const limited = { limit: '2', personalLimit: '2', remaining: '1.5' };
    const session = { total: '0.5', startedAt: new Date(start).toISOString() };
    const pace = spendPace(state('0.5', [spentAt(1, '0.5', 5)], limited), minutes(15));
    const style = { timeZone: 'UTC', locale: 'en-GB' };
    expect(meterPaceText(pace, minutes(15), style)).toEqual({
      rate: '2',
      unit: 'credits/h',
      window: 'last 15 min',
      limit: 'limit 15:00',
    });
    expect(paceUnitLabel(pace)).toBe('credits per hour over the last 15 minutes');
    expect(paceSentence(pace, session, minutes(15), style)).toMatch(
      /^2 credits per hour over the last 15 minutes \(0\.5 credits on 5 paid calls; 0\.5 credits this session, since the session started at 14:00\)\. At this rate the limit is reached at 15:00, in 45 mins?\.$/,
    );
    const idle = spendPace(state('0.5', [spentAt(1, '0.5', 5)], limited), minutes(45));
    expect(meterPaceText(idle, minutes(45), style)).toBeNull();
    expect(paceSentence(idle, session, minutes(45), style)).toBe(
      'Nothing spent in the last 15 minutes, so no forecast (0.5 credits this session, since the session started at 14:00).',
    );
    const one = spendPace(state('0.1', [spentAt(0, '0.1')], limited), minutes(1));
    expect(paceSentence(one, { ...session, total: '0.1' }, minutes(1), style)).toBe(
      'No rate yet: 1 paid call in the last 15 minutes, 3 needed (0.1 credits this session, since the session started at 14:00).',
    );
    expect(durationText(26 * 3_600_000 + 5 * 60_000)).toMatch(/^1 day,? 2 hrs?$/);
    expect(durationText(20_000)).toMatch(/^under 1 mins?$/);
  });

  it('writes times in the zone and language it is given, as the server writes a page it renders', () => {
    // 23:30 and 01:30 UTC are two days in UTC but one afternoon in Kiritimati (UTC+14).
    const late = Date.UTC(2026, 10, 23, 23, 30);
    const style = { timeZone: 'Pacific/Kiritimati', locale: 'de-DE' };
    expect(whenText(late, late + 2 * 3_600_000, style)).toBe('13:30');
    expect(whenText(late, late + 2 * 3_600_000, { timeZone: 'UTC', locale: 'en-US' })).toBe('Mon 11:30 PM');
    const session = { total: '0.5', startedAt: new Date(start).toISOString() };
    expect(paceSentence(spendPace(state('0.5', burst), minutes(10)), session, minutes(10), style)).toContain(
      'since the session started at 4:00)',
    );
  });
});
