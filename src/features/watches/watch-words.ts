import type { Watch, WatchRun } from '../../api/watches';
import { absoluteTime } from '../../contract/dates/format';
import { plural } from '../../lib/plural';

const EVERY_WORDS: Record<string, string> = { '15m': 'every 15 minutes', '1h': 'hourly', '6h': 'every 6 hours' };

/** "hourly", "daily at 08:00 (Europe/Paris)", "cron 0 9 * * 1-5 (UTC)". */
export function scheduleWords(watch: Pick<Watch, 'schedule' | 'timeZone'>): string {
  const { schedule, timeZone } = watch;
  if ('every' in schedule) return EVERY_WORDS[schedule.every] ?? `every ${schedule.every}`;
  if ('daily' in schedule) return `daily at ${schedule.daily} (${timeZone})`;
  return `cron ${schedule.cron} (${timeZone})`;
}

/** What a watch looks at: "@ada's timeline", "search “rust” on example.com". */
export function targetWords(watch: Pick<Watch, 'target'>): string {
  const { target } = watch;
  if (target.screen_name !== undefined) return `@${target.screen_name}'s timeline`;
  if (target.rest_id !== undefined) return `timeline of user ${target.rest_id}`;
  const options = [target.site && `on ${target.site}`, target.hl && `in ${target.hl}`].filter(Boolean);
  return `search “${target.q ?? ''}”${options.length ? ` ${options.join(' ')}` : ''}`;
}

/** When, as a date and time; the server's times are milliseconds. */
export function moment(ms: number): string {
  return absoluteTime(new Date(ms).toISOString());
}

export const RUN_STATE_WORDS: Record<WatchRun['state'], string> = {
  running: 'running',
  done: 'done',
  refused: 'refused',
  failed: 'failed',
  interrupted: 'interrupted',
};

/** A run as its row says it: "done · 3 new · 0.1 credits", "refused: the watch's cap per day is reached". */
export function runWords(run: WatchRun): string {
  if (run.state === 'refused' || run.state === 'failed' || (run.state === 'interrupted' && run.reason))
    return `${RUN_STATE_WORDS[run.state]}${run.reason ? `: ${run.reason}` : ''}`;
  const found = run.state === 'running' ? 'running' : `${RUN_STATE_WORDS[run.state]} · ${run.newItems} new`;
  return `${found} · ${plural(run.credits, 'credit')}`;
}

export function nextRunWords(watch: Pick<Watch, 'paused' | 'nextRunAt'>): string {
  if (watch.paused) return 'paused';
  return watch.nextRunAt === null ? 'not scheduled' : moment(watch.nextRunAt);
}
