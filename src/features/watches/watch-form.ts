import type { Watch, WatchDraft } from '../../api/watches';
import { DECIMAL } from '../../contract/decimal';
import { DAILY_TIME, WATCH_PAGES } from '../../contract/watches';
import { parseProfileLookup } from '../../lib/handle';

export type ScheduleChoice = '15m' | '1h' | '6h' | 'daily' | 'cron';

/** The form as typed: text, so a half-typed value is kept and named rather than lost. */
export interface WatchFormValues {
  kind: 'timeline' | 'search';
  name: string;
  handle: string;
  q: string;
  site: string;
  hl: string;
  num: string;
  schedule: ScheduleChoice;
  dailyAt: string;
  cron: string;
  timeZone: string;
  capCredits: string;
  capPer: 'day' | 'month';
  match: string;
  pagesPerRun: string;
}

export type WatchField = keyof WatchFormValues;
export type WatchProblems = Partial<Record<WatchField, string>>;

/** The browser's own zone: a person's "daily at 08:00" is their 08:00. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function emptyForm(timeZone = browserTimeZone()): WatchFormValues {
  return {
    kind: 'timeline',
    name: '',
    handle: '',
    q: '',
    site: '',
    hl: '',
    num: '',
    schedule: '1h',
    dailyAt: '08:00',
    cron: '',
    timeZone,
    capCredits: '5',
    capPer: 'day',
    match: '',
    pagesPerRun: '1',
  };
}

export const MAX_PAGES_PER_RUN = WATCH_PAGES.max;

/** Words and #hashtags, separated by commas or spaces. */
export function parseMatchWords(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter(Boolean))];
}

function validZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The watch the server is asked to price and save, or what must change first, per field. */
export function draftFromForm(values: WatchFormValues): { draft: WatchDraft } | { problems: WatchProblems } {
  const problems: WatchProblems = {};
  let target: WatchDraft['target'] | null = null;
  let subject = '';
  if (values.kind === 'timeline') {
    const lookup = parseProfileLookup(values.handle);
    if ('error' in lookup) problems.handle = lookup.error;
    else {
      target = lookup;
      subject = 'screen_name' in lookup ? `@${lookup.screen_name}` : `user ${lookup.rest_id}`;
    }
  } else {
    const q = values.q.trim();
    if (!q) problems.q = 'Enter what to search for';
    const num = values.num.trim();
    if (num && !/^\d+$/.test(num)) problems.num = 'Results per page is a whole number';
    if (q) {
      target = {
        q,
        ...(values.site.trim() ? { site: values.site.trim() } : {}),
        ...(values.hl.trim() ? { hl: values.hl.trim() } : {}),
        ...(num && /^\d+$/.test(num) ? { num: Number(num) } : {}),
      };
      subject = `“${q}”`;
    }
  }

  let schedule: WatchDraft['schedule'] | null = null;
  if (values.schedule === 'daily') {
    if (DAILY_TIME.test(values.dailyAt)) schedule = { daily: values.dailyAt };
    else problems.dailyAt = 'A time of day, as HH:MM';
  } else if (values.schedule === 'cron') {
    const cron = values.cron.trim();
    // The server reads it with croner and words what is wrong with it, in the quote's answer.
    if (!cron) problems.cron = 'Enter a cron expression: minute hour day month weekday, e.g. 0 9 * * 1-5';
    else schedule = { cron };
  } else schedule = { every: values.schedule };

  const timeZone = values.timeZone.trim();
  if (!validZone(timeZone)) problems.timeZone = `"${timeZone}" is not a time zone (e.g. Europe/Paris, UTC)`;
  const capCredits = values.capCredits.trim();
  if (!DECIMAL.test(capCredits) || Number(capCredits) <= 0) problems.capCredits = 'Credits above 0, e.g. 2.5';
  const pages = values.pagesPerRun.trim();
  const pagesPerRun = /^\d+$/.test(pages) ? Number(pages) : NaN;
  if (!(pagesPerRun >= 1 && pagesPerRun <= MAX_PAGES_PER_RUN)) problems.pagesPerRun = `1 to ${MAX_PAGES_PER_RUN} pages`;

  if (Object.keys(problems).length > 0 || !target || !schedule) return { problems };
  return {
    draft: {
      kind: values.kind,
      name: values.name.trim() || subject,
      target,
      schedule,
      timeZone,
      cap: { credits: capCredits, per: values.capPer },
      match: parseMatchWords(values.match),
      pagesPerRun,
    },
  };
}

/** A saved watch, back in the form to edit it. */
export function formFromWatch(watch: Watch): WatchFormValues {
  const form = emptyForm(watch.timeZone);
  const { target, schedule } = watch;
  const text = (key: string) => (target[key] === undefined ? '' : String(target[key]));
  return {
    ...form,
    kind: watch.kind,
    name: watch.name,
    handle: text('screen_name') || text('rest_id'),
    q: text('q'),
    site: text('site'),
    hl: text('hl'),
    num: text('num'),
    schedule: 'every' in schedule ? schedule.every : 'daily' in schedule ? 'daily' : 'cron',
    dailyAt: 'daily' in schedule ? schedule.daily : form.dailyAt,
    cron: 'cron' in schedule ? schedule.cron : '',
    capCredits: watch.cap.credits,
    capPer: watch.cap.per,
    match: watch.match.join(', '),
    pagesPerRun: String(watch.pagesPerRun),
  };
}
