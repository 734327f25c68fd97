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

const HOUR_MS = 3_600_000;

/** How many times a pattern comes round in `spanMs` from a midnight in UTC (no clock change inside the span). */
function runsWithin(pattern: string, spanMs: number): number {
  const cron = new Cron(pattern, { timezone: 'UTC', paused: true });
  const start = Date.UTC(2000, 0, 1);
  let runs = 0;
  for (let at = cron.nextRun(new Date(start - 1)); at && at.getTime() < start + spanMs; at = cron.nextRun(at))
    runs += 1;
  return runs;
}

/**
 * The most runs the schedule makes in one day. A cron's day, month and weekday fields only choose which days it
 * runs on; each such day it runs at every minute of its minute field in every hour of its hour field. So the two
 * are counted apart (at most 60 and 24 steps), not run by run: a per-minute cron walked minute by minute over
 * days in its time zone blocked the event loop for seconds on each quote.
 */
export function mostRunsADay(schedule: WatchSchedule): number {
  if ('every' in schedule) return { '15m': 96, '1h': 24, '6h': 4 }[schedule.every];
  if ('daily' in schedule) return 1;
  const [minute, hour] = schedule.cron.trim().split(/\s+/);
  return runsWithin(`${minute} * * * *`, HOUR_MS) * runsWithin(`0 ${hour} * * *`, 24 * HOUR_MS);
}
