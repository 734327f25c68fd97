import Big from 'big.js';
import * as v from 'valibot';
import { readDecimalSetting } from '../../src/contract/decimal.ts';
import { canonicalSearch, canonicalTimeline } from '../../src/contract/identity.ts';
import { PAID_FIELDS, PAID_PARAMS } from '../../src/contract/paid-params.ts';
import {
  MATCH_WORD_MAX,
  WATCH_CAP_PERIODS,
  WATCH_KINDS,
  WATCH_MATCH_MAX,
  WATCH_NAME_MAX,
  WATCH_PAGES,
  type WatchCap,
  type WatchKind,
  type WatchQuote,
  type WatchSchedule,
} from '../../src/contract/watches.ts';
import { CONTROL, scheduleSchema } from '../../src/contract/watch-requests.ts';
import { CREDIT_LIMIT_MAX } from '../config-rules.ts';
import { cronProblem, mostRunsADay, scheduleWords, timeZoneProblem } from './schedule.ts';
import type { WatchRow } from './watch-store.ts';

/** A watch as checked: every field in its one canonical form, ready to store. */
export interface WatchDefinition {
  kind: WatchKind;
  name: string;
  target: Record<string, string | number>;
  schedule: WatchSchedule;
  timeZone: string;
  cap: WatchCap;
  match: string[];
  pagesPerRun: number;
  paused: boolean;
}

const DRAFT_FIELDS = ['kind', 'name', 'target', 'schedule', 'timeZone', 'cap', 'match', 'pagesPerRun', 'paused'];
const SCHEDULE_SHAPE =
  'schedule must be {"every":"15m"|"1h"|"6h"}, {"daily":"HH:MM"} or {"cron":"<five fields>"}, like {"every":"1h"}';

const controlProblem = (field: string, text: string) =>
  `${field} ${JSON.stringify(text.slice(0, 40))} has a control character (U+${text
    .match(CONTROL)![0]
    .codePointAt(0)!
    .toString(16)
    .toUpperCase()
    .padStart(4, '0')}): it must be one line of text you can type`;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The target checked with the paid page's own rules (what a run will send), in its canonical form. */
function readTarget(kind: WatchKind, raw: unknown, problems: string[]): Record<string, string | number> {
  if (!isObject(raw)) {
    problems.push(
      kind === 'timeline'
        ? 'target must be an object like {"screen_name":"ada"} or {"rest_id":"1001"}'
        : 'target must be a search like {"q":"compilers","num":10}',
    );
    return {};
  }
  const allowed = PAID_FIELDS[kind].filter((field) => field !== 'cursor');
  const unknown = Object.keys(raw).filter((field) => !allowed.includes(field));
  if (unknown.length > 0)
    problems.push(
      `target has ${unknown.map((field) => JSON.stringify(field)).join(', ')}: a ${kind} watch takes ${allowed.join(', ')}`,
    );
  const parsed = v.safeParse(PAID_PARAMS[kind], raw);
  if (!parsed.success) {
    problems.push(...parsed.issues.map((issue) => `target: ${issue.message}`));
    return {};
  }
  if (kind === 'timeline') {
    const { screen_name, rest_id } = canonicalTimeline(parsed.output as Record<string, unknown>);
    return screen_name !== undefined ? { screen_name } : { rest_id: rest_id! };
  }
  const given = parsed.output as Record<string, unknown>;
  const canonical = canonicalSearch(given) as unknown as Record<string, string | number>;
  // Only what was given (a search's defaults are the API's), so the watch reads as it was written.
  return Object.fromEntries(Object.entries(canonical).filter(([field]) => given[field] !== undefined || field === 'q'));
}

function readMatch(raw: unknown, problems: string[], stored: boolean): string[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw) || raw.some((word) => typeof word !== 'string')) {
    problems.push('match must be a list of words or #hashtags, like ["compilers","#cobol"]');
    return [];
  }
  const words = [...new Set((raw as string[]).map((word) => word.trim()).filter((word) => word !== ''))];
  if (words.length > WATCH_MATCH_MAX) problems.push(`match has ${words.length} words: at most ${WATCH_MATCH_MAX}`);
  const long = words.find((word) => word.length > MATCH_WORD_MAX);
  if (long) problems.push(`match word "${long.slice(0, 40)}…" is over ${MATCH_WORD_MAX} characters`);
  const control = words.find((word) => CONTROL.test(word));
  if (control !== undefined && !stored) problems.push(controlProblem('match word', control));
  return words;
}

/** The name shown when none is given: the handle, the id or the query. */
function defaultName(kind: WatchKind, target: Record<string, string | number>): string {
  if (kind === 'timeline') return target.screen_name !== undefined ? `@${target.screen_name}` : `#${target.rest_id}`;
  return String(target.q ?? '');
}

/** The text fields checked for control characters when sent, and left as they are when read from a saved row. */
export const STORED_TEXT = ['name', 'match'] as const;
type StoredText = (typeof STORED_TEXT)[number];

/**
 * A draft watch (a create's body, or a stored watch with a PATCH's fields over it) checked field by field: the
 * watch, or every problem, each naming its field, what it must be and what came.
 */
export function readDraft(
  body: unknown,
  /** Text fields read as stored (saved before control characters were refused), not as sent: not checked for them. */
  { stored = [] as readonly StoredText[] } = {},
): { watch: WatchDefinition } | { problems: string[] } {
  if (!isObject(body)) return { problems: ['The body must be a JSON object describing a watch'] };
  const problems: string[] = [];
  const extra = Object.keys(body).filter((field) => !DRAFT_FIELDS.includes(field));
  if (extra.length > 0)
    problems.push(
      `Unknown field ${extra.map((field) => JSON.stringify(field)).join(', ')}: a watch has ${DRAFT_FIELDS.join(', ')}`,
    );
  const kind = body.kind as WatchKind;
  if (!WATCH_KINDS.includes(kind)) {
    problems.push(`kind must be "timeline" or "search"; got ${JSON.stringify(body.kind) ?? 'nothing'}`);
    return { problems };
  }
  const target = readTarget(kind, body.target, problems);
  const timeZone = body.timeZone === undefined ? 'UTC' : body.timeZone;
  const zoneProblem =
    typeof timeZone === 'string' ? timeZoneProblem(timeZone) : 'timeZone must be a string like Europe/Lisbon';
  if (zoneProblem) problems.push(zoneProblem);
  const schedule = v.safeParse(scheduleSchema, body.schedule);
  if (!schedule.success) problems.push(SCHEDULE_SHAPE);
  else if ('cron' in schedule.output) {
    const problem = cronProblem(schedule.output.cron, zoneProblem ? 'UTC' : (timeZone as string));
    if (problem) problems.push(problem);
  }
  const cap = isObject(body.cap) ? body.cap : {};
  const credits = readDecimalSetting(cap.credits, {
    name: 'cap.credits',
    min: '0',
    above: true,
    max: String(CREDIT_LIMIT_MAX),
  });
  if ('problem' in credits) problems.push(credits.problem);
  const per = cap.per as WatchCap['per'];
  if (!WATCH_CAP_PERIODS.includes(per)) problems.push('cap must be {"credits":"2.4","per":"day"} or per "month"');
  const match = readMatch(body.match, problems, stored.includes('match'));
  const pages = body.pagesPerRun ?? WATCH_PAGES.default;
  if (typeof pages !== 'number' || !Number.isInteger(pages) || pages < WATCH_PAGES.min || pages > WATCH_PAGES.max)
    problems.push(
      `pagesPerRun must be a whole number from ${WATCH_PAGES.min} to ${WATCH_PAGES.max}; got ${JSON.stringify(pages)}`,
    );
  if (body.paused !== undefined && typeof body.paused !== 'boolean') problems.push('paused must be true or false');
  const name = body.name === undefined || body.name === '' ? defaultName(kind, target) : body.name;
  if (typeof name !== 'string' || name.trim() === '' || name.length > WATCH_NAME_MAX)
    problems.push(`name must be text of 1 to ${WATCH_NAME_MAX} characters`);
  else if (CONTROL.test(name) && !stored.includes('name')) problems.push(controlProblem('name', name));
  if (problems.length > 0 || !schedule.success || 'problem' in credits) return { problems };
  return {
    watch: {
      kind,
      name: (name as string).trim(),
      target,
      schedule: schedule.output,
      timeZone: timeZone as string,
      cap: { credits: credits.value, per },
      match,
      pagesPerRun: pages as number,
      paused: body.paused === true,
    },
  };
}

/** A stored watch as a draft: what a PATCH's fields are laid over. */
export function draftOf(row: WatchRow): Record<string, unknown> {
  return {
    kind: row.kind,
    name: row.name,
    target: JSON.parse(row.target) as unknown,
    schedule: JSON.parse(row.schedule) as unknown,
    timeZone: row.time_zone,
    cap: { credits: row.cap_credits, per: row.cap_per },
    match: JSON.parse(row.match) as unknown,
    pagesPerRun: row.pages_per_run,
    paused: row.paused === 1,
  };
}

export function definitionOf(row: WatchRow): WatchDefinition {
  // A row saved before control characters were refused still reads (a PATCH of it asks for a new name).
  const read = readDraft(draftOf(row), { stored: STORED_TEXT });
  if ('problems' in read) throw new Error(`watch ${row.id} is stored unreadable: ${read.problems.join('; ')}`);
  return read.watch;
}

/**
 * What a watch may cost: its pages a run at the most a page of its kind has cost (null while unknown), and at
 * most a day: that times the most runs its schedule makes in a day, never above the cap.
 */
export function quoteOf(watch: WatchDefinition, pagePrice: string | null): WatchQuote {
  const words = scheduleWords(watch.schedule);
  if (pagePrice === null)
    return {
      perRun: null,
      perDayMax: null,
      text: `${words} · price not known yet: creditscope learns a ${watch.kind} page's price from the first one bought`,
    };
  const perRun = new Big(pagePrice).times(watch.pagesPerRun);
  let perDay = perRun.times(mostRunsADay(watch.schedule, watch.timeZone));
  // A day never spends past the cap, whether it counts a day or a month.
  if (perDay.gt(watch.cap.credits)) perDay = new Big(watch.cap.credits);
  const capWords = watch.cap.per === 'month' ? ` (cap ${watch.cap.credits} a month)` : '';
  return {
    perRun: perRun.toString(),
    perDayMax: perDay.toString(),
    text: `${words} · at most ${perDay.toString()} credit${perDay.eq(1) ? '' : 's'} a day${capWords}`,
  };
}
