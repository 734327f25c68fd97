import { Cron } from 'croner';
import { describe, expect, it } from 'vitest';
import type { WatchSchedule } from '../../src/contract/watches.ts';
import { cronOf, mostRunsADay, nextDue } from './schedule.ts';

/** The runs the scheduler makes on each local day from `from` to `until`, walked run by run (nextDue's own way). */
function runsEachDay(schedule: WatchSchedule, timeZone: string, from: string, until: string): number[] {
  const [minute, hour] = cronOf(schedule).split(' ');
  const cron = new Cron(`${minute} ${hour} * * *`, { timezone: timeZone, paused: true });
  const dayOf = new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' });
  const days = new Map<string, number>();
  for (let at = cron.nextRun(new Date(from)); at && at < new Date(until); at = cron.nextRun(at))
    days.set(dayOf.format(at), (days.get(dayOf.format(at)) ?? 0) + 1);
  return [...days.values()];
}

describe("a watch's schedule", () => {
  it('counts the most runs a day from the minute and hour fields, whichever days the cron chooses', () => {
    expect(mostRunsADay({ cron: '* * * * *' }, 'UTC')).toBe(1440);
    expect(mostRunsADay({ cron: '*/5 9-17 * * 1-5' }, 'UTC')).toBe(12 * 9);
    expect(mostRunsADay({ cron: '0 9 * * 1-5' }, 'UTC')).toBe(1);
    expect(mostRunsADay({ cron: '15,45 */2 1 * *' }, 'UTC')).toBe(2 * 12);
    expect(mostRunsADay({ every: '15m' }, 'Asia/Tokyo')).toBe(96);
    expect(mostRunsADay({ daily: '08:30' }, 'UTC')).toBe(1);
  });

  it('counts the runs a day whose clocks go back repeats, as the scheduler makes them', () => {
    const autumn = new Date('2026-10-20T00:00:00Z');
    const cases: [WatchSchedule, string, string, string][] = [
      [{ cron: '*/30 1 * * *' }, 'America/New_York', '2026-10-30T00:00:00Z', '2026-11-03T00:00:00Z'],
      [{ every: '1h' }, 'America/New_York', '2026-10-30T00:00:00Z', '2026-11-03T00:00:00Z'],
      [{ every: '15m' }, 'Europe/Berlin', '2026-10-23T00:00:00Z', '2026-10-27T00:00:00Z'],
      [{ daily: '01:30' }, 'America/New_York', '2026-10-30T00:00:00Z', '2026-11-03T00:00:00Z'],
      [{ cron: '*/10 2 * * *' }, 'Europe/Berlin', '2026-10-23T00:00:00Z', '2026-10-27T00:00:00Z'],
      // Half an hour back, on the other side of the world.
      [{ every: '15m' }, 'Australia/Lord_Howe', '2027-04-02T00:00:00Z', '2027-04-06T00:00:00Z'],
    ];
    for (const [schedule, timeZone, from, until] of cases)
      expect(mostRunsADay(schedule, timeZone, autumn), `${cronOf(schedule)} in ${timeZone}`).toBe(
        Math.max(...runsEachDay(schedule, timeZone, from, until)),
      );
    // The figures themselves, so that the walk above is not the only witness.
    expect(mostRunsADay({ cron: '*/30 1 * * *' }, 'America/New_York', autumn)).toBe(4);
    expect(mostRunsADay({ every: '1h' }, 'America/New_York', autumn)).toBe(25);
    expect(mostRunsADay({ every: '15m' }, 'Australia/Lord_Howe', autumn)).toBe(98);
  });

  it('counts a zone whose clocks no longer go back by its fields alone', () => {
    expect(mostRunsADay({ cron: '* * * * *' }, 'America/Sao_Paulo', new Date('2026-01-01T00:00:00Z'))).toBe(1440);
    expect(mostRunsADay({ cron: '* * * * *' }, 'Europe/London', new Date('2026-01-01T00:00:00Z'))).toBe(1500);
  });

  it('finds the next due time in the watch’s own time zone', () => {
    const after = new Date('2026-03-01T12:00:00Z');
    expect(nextDue({ daily: '08:30' }, 'Asia/Tokyo', after)?.toISOString()).toBe('2026-03-01T23:30:00.000Z');
    expect(nextDue({ cron: '0 9 * * 1' }, 'UTC', after)?.toISOString()).toBe('2026-03-02T09:00:00.000Z');
  });
});
