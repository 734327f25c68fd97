import { describe, expect, it } from 'vitest';
import { mostRunsADay, nextDue } from './schedule.ts';

describe("a watch's schedule", () => {
  it('counts the most runs a day from the minute and hour fields, whichever days the cron chooses', () => {
    expect(mostRunsADay({ cron: '* * * * *' })).toBe(1440);
    expect(mostRunsADay({ cron: '*/5 9-17 * * 1-5' })).toBe(12 * 9);
    expect(mostRunsADay({ cron: '0 9 * * 1-5' })).toBe(1);
    expect(mostRunsADay({ cron: '15,45 */2 1 * *' })).toBe(2 * 12);
    expect(mostRunsADay({ every: '15m' })).toBe(96);
    expect(mostRunsADay({ daily: '08:30' })).toBe(1);
  });

  it('finds the next due time in the watch’s own time zone', () => {
    const after = new Date('2026-03-01T12:00:00Z');
    expect(nextDue({ daily: '08:30' }, 'Asia/Tokyo', after)?.toISOString()).toBe('2026-03-01T23:30:00.000Z');
    expect(nextDue({ cron: '0 9 * * 1' }, 'UTC', after)?.toISOString()).toBe('2026-03-02T09:00:00.000Z');
  });
});
