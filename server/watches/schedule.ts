import { Cron } from 'croner';
import type { WatchEvery, WatchSchedule } from '../../src/contract/watches.ts';

/** Each preset as the cron expression croner reads it: on the quarter hour, on the hour, every sixth hour. */
const EVERY_CRON: Record<WatchEvery, string> = { '15m': '*/15 * * * *', '1h': '0 * * * *', '6h': '0 */6 * * *' };
const EVERY_WORDS: Record<WatchEvery, string> = { '15m': 'every 15 minutes', '1h': 'hourly', '6h': 'every 6 hours' };

/** The one cron expression a schedule stands for (minutes, hours, day, month, weekday). */
export function cronOf(schedule: WatchSchedule): string {
  if ('every' in schedule) return EVERY_CRON[schedule.every];
  if ('daily' in schedule) {
    const [hours, minutes] = schedule.daily.split(':');
    return `${Number(minutes)} ${Number(hours)} * * *`;
  }
  return schedule.cron;
}

/** "hourly", "daily at 08:30", "cron 0 9 * * 1-5": the schedule as the quote and the CLI say it. */
export function scheduleWords(schedule: WatchSchedule): string {
  if ('every' in schedule) return EVERY_WORDS[schedule.every];
  if ('daily' in schedule) return `daily at ${schedule.daily}`;
  return `cron ${schedule.cron}`;
}

/** Whether the time zone is one Intl knows (an IANA name such as Europe/Lisbon, or UTC). */
export function timeZoneProblem(timeZone: string): string | null {
  try {
    new Intl.DateTimeFormat('en', { timeZone }).format(0);
    return null;
  } catch {
    return `timeZone ${JSON.stringify(timeZone.slice(0, 60))} is not an IANA time zone like Europe/Lisbon or UTC`;
  }
}

function cronFor(schedule: WatchSchedule, timeZone: string): Cron {
  return new Cron(cronOf(schedule), { timezone: timeZone, paused: true });
}

/**
 * Why a cron expression cannot be a watch's schedule, or null: croner must read it, with five fields (a watch
 * runs at most once a minute: croner's seconds field is refused), and it must come round again.
 */
export function cronProblem(expression: string, timeZone: string): string | null {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5)
    return `cron ${JSON.stringify(expression.slice(0, 80))} must have five fields (minute hour day month weekday), like "0 9 * * 1-5"`;
  try {
    if (cronFor({ cron: expression }, timeZone).nextRun() === null)
      return `cron ${JSON.stringify(expression)} never runs again`;
  } catch (error) {
    return `cron ${JSON.stringify(expression.slice(0, 80))} cannot be read: ${(error as Error).message.replace(/^CronPattern: /, '')}`;
  }
  return null;
}

/** The first due time strictly after `after`, in the watch's time zone; null if the schedule never comes round. */
export function nextDue(schedule: WatchSchedule, timeZone: string, after: Date): Date | null {
  return cronFor(schedule, timeZone).nextRun(after);
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The values a pattern comes round at in `spanMs` from a midnight in UTC (no clock change inside the span). */
function valuesWithin(pattern: string, spanMs: number, valueOf: (at: Date) => number): Set<number> {
  const cron = new Cron(pattern, { timezone: 'UTC', paused: true });
  const start = Date.UTC(2000, 0, 1);
  const values = new Set<number>();
  for (let at = cron.nextRun(new Date(start - 1)); at && at.getTime() < start + spanMs; at = cron.nextRun(at))
    values.add(valueOf(at));
  return values;
}

/** The minutes of the hour and the hours of the day a cron's first two fields name. */
function clockFields(cron: string): { daily: string; minutes: Set<number>; hours: Set<number> } {
  const [minute, hour] = cron.trim().split(/\s+/);
  return {
    daily: `${minute} ${hour} * * *`,
    minutes: valuesWithin(`${minute} * * * *`, HOUR_MS, (at) => at.getUTCMinutes()),
    hours: valuesWithin(`0 ${hour} * * *`, DAY_MS, (at) => at.getUTCHours()),
  };
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's clocks are ahead of UTC at an instant, in minutes. */
function offsetMinutes(timeZone: string, at: number): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d\d):(\d\d)/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** Each instant in the year from `from` when the zone's clocks go back, and by how many minutes (found to the minute). */
function clocksGoBack(timeZone: string, from: number): { at: number; byMinutes: number }[] {
  const found: { at: number; byMinutes: number }[] = [];
  let offsetBefore = offsetMinutes(timeZone, from);
  for (let day = 0; day < 366; day += 1) {
    let before = from + day * DAY_MS;
    let after = before + DAY_MS;
    const offsetAfter = offsetMinutes(timeZone, after);
    const back = offsetBefore - offsetAfter;
    offsetBefore = offsetAfter;
    if (back <= 0) continue;
    while (after - before > MINUTE_MS) {
      const middle = before + Math.floor((after - before) / MINUTE_MS / 2) * MINUTE_MS;
      if (offsetMinutes(timeZone, middle) === offsetAfter) after = middle;
      else before = middle;
    }
    found.push({ at: after, byMinutes: back });
  }
  return found;
}

/**
 * The runs a clock going back adds to its day: the cron's runs from an hour before the repeated stretch to an hour
 * after it, counted as they come round (croner runs some repeated times twice and some once), less the runs its
 * fields name in the wall-clock times that stretch covers once.
 */
function runsAddedBy(
  { daily: pattern, minutes, hours }: ReturnType<typeof clockFields>,
  timeZone: string,
  change: { at: number; byMinutes: number },
): number {
  const back = change.byMinutes * MINUTE_MS;
  const from = change.at - back - HOUR_MS;
  const until = change.at + back + HOUR_MS;
  const daily = new Cron(pattern, { timezone: timeZone, paused: true });
  let counted = 0;
  for (let at = daily.nextRun(new Date(from - 1)); at && at.getTime() < until; at = daily.nextRun(at)) counted += 1;
  // The wall clock reads from `from`'s time to `until`'s once each: the runs a day without the change would make there.
  const wallFrom = Math.round((from + offsetMinutes(timeZone, from) * MINUTE_MS) / MINUTE_MS);
  const wallUntil = Math.round((until + offsetMinutes(timeZone, until) * MINUTE_MS) / MINUTE_MS);
  let once = 0;
  for (let minute = wallFrom; minute < wallUntil; minute += 1)
    if (minutes.has(minute % 60) && hours.has(Math.floor(minute / 60) % 24)) once += 1;
  return Math.max(0, counted - once);
}

const mostRunsCache = new Map<string, number>();

/**
 * The most runs the schedule makes in one day of its time zone, in the coming year. A cron's day, month and weekday
 * fields only choose which days it runs on; each such day it runs at every minute of its minute field in every hour
 * of its hour field, so the two are counted apart (at most 60 and 24 steps), not run by run: a per-minute cron walked
 * minute by minute over days blocked the event loop for seconds on each quote. A day whose clocks go back repeats a
 * stretch of its times (an hour in New York on the first Sunday of November): the runs that adds are counted around
 * each such change alone.
 */
export function mostRunsADay(schedule: WatchSchedule, timeZone: string, now = new Date()): number {
  const cron = cronOf(schedule);
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const key = `${cron}|${timeZone}|${today}`;
  const cached = mostRunsCache.get(key);
  if (cached !== undefined) return cached;
  const fields = clockFields(cron);
  const added = clocksGoBack(timeZone, today).map((change) => runsAddedBy(fields, timeZone, change));
  const most = fields.minutes.size * fields.hours.size + Math.max(0, ...added);
  // Keys carry the day: yesterday's are never asked again.
  if (mostRunsCache.size >= 500) mostRunsCache.clear();
  mostRunsCache.set(key, most);
  return most;
}
