import * as v from 'valibot';
import { decimal } from './decimal.ts';

/**
 * Watches (#37): a handle's timeline or a search, checked on a schedule, buying only what is new within a cap.
 * The browser (src/features/watches) and the server (server/watches) both build to these shapes; the server's
 * Fastify schemas are derived from them. Every route is under WATCHES_PATH; only "run now" spends.
 *
 * - GET    /api/_watches               → WatchesAnswer
 * - POST   /api/_watches               (WatchDraft) → WatchAnswer (201)
 * - POST   /api/_watches/quote         (WatchDraft) → WatchQuoteAnswer (free: the form's "what it may cost" line)
 * - GET    /api/_watches/:id           → WatchAnswer
 * - PATCH  /api/_watches/:id           (WatchPatch) → WatchAnswer
 * - DELETE /api/_watches/:id           → 204
 * - POST   /api/_watches/:id/run       (RunNowRequest) → WatchRunAnswer (spends: priced first, like a job)
 * - GET    /api/_watches/:id/runs      → WatchRunsAnswer (newest first)
 * - GET    /api/_watches/new           (NewItemsQuery: ?limit=&before=) → NewItemsAnswer (the signed-in person's own
 *                                       unseen items, a page of them newest first, with the counts of all and `next`)
 * - GET    /api/_watches/new/count     → NewCountAnswer (the navigation's number alone: every page asks it every 15 s)
 * - POST   /api/_watches/new/seen      (SeenRequest) → SeenAnswer
 */
export const WATCHES_PATH = '/api/_watches';

export const WATCH_KINDS = ['timeline', 'search'] as const;
export const WATCH_EVERY = ['15m', '1h', '6h'] as const;
export const WATCH_CAP_PERIODS = ['day', 'month'] as const;
export const WATCH_RUN_STATES = ['running', 'done', 'refused', 'failed', 'interrupted'] as const;
/** Pages a run may buy at most (a timeline following next_cursor, or a search's pages 1..n). */
export const WATCH_PAGES = { min: 1, max: 5, default: 1 } as const;
/** At most this many match words, each at most MATCH_WORD_MAX characters. */
export const WATCH_MATCH_MAX = 50;
export const MATCH_WORD_MAX = 100;
export const WATCH_NAME_MAX = 200;
/** Unseen items a page of GET /api/_watches/new lists: `limit` by default, at most `max`. */
export const NEW_ITEMS_PAGE = { default: 100, max: 500 } as const;
/** `08:30`: a daily schedule's local time, 24-hour. */
export const DAILY_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export type WatchKind = (typeof WATCH_KINDS)[number];
export type WatchEvery = (typeof WATCH_EVERY)[number];
export type WatchRunState = (typeof WATCH_RUN_STATES)[number];

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const millis = v.pipe(v.number(), v.integer(), v.minValue(0));

export const capSchema = v.object({ credits: decimal, per: v.picklist(WATCH_CAP_PERIODS) });
export type WatchCap = v.InferOutput<typeof capSchema>;

/**
 * What a run may cost. perRun: pagesPerRun pages at the most a page of the kind has cost; perDayMax: perRun
 * times the most runs a day the schedule makes (and never above a daily cap). Null while the price of a page of
 * that kind is not known yet (creditscope learns it from the first page bought); `text` then says so.
 */
export const watchQuoteSchema = v.object({
  perRun: v.nullable(decimal),
  perDayMax: v.nullable(decimal),
  /** "hourly · at most 2.4 credits a day", shown as is. */
  text: v.string(),
});
export type WatchQuote = v.InferOutput<typeof watchQuoteSchema>;

export const watchRunSchema = v.object({
  id: v.string(),
  watchId: v.string(),
  /** The due time it ran for (ms); a run now's is when it was asked. */
  dueAt: millis,
  startedAt: millis,
  finishedAt: v.nullable(millis),
  state: v.picklist(WATCH_RUN_STATES),
  /** Upstream calls it made (each one a ledger row tagged with the watch). */
  calls: count,
  credits: decimal,
  newItems: count,
  /** For refused and failed (and interrupted): why, in words ("the watch's cap of 1 credit a day"). */
  reason: v.nullable(v.string()),
  /** 'schedule' (the scheduler claimed a due time) or 'now' (a person's run now). */
  trigger: v.optional(v.picklist(['schedule', 'now']), 'schedule'),
});
export type WatchRun = v.InferOutput<typeof watchRunSchema>;

/**
 * A saved watch's schedule, as answers carry it (the server checked it strictly when it was sent, with
 * scheduleSchema in ./watch-requests.ts): plain objects, so parsing answers needs no more of valibot than every
 * page has already.
 */
const savedSchedule = v.union([
  v.object({ every: v.picklist(WATCH_EVERY) }),
  v.object({ daily: v.string() }),
  v.object({ cron: v.string() }),
]);

export type WatchSchedule = v.InferOutput<typeof savedSchedule>;

const watchFields = {
  kind: v.picklist(WATCH_KINDS),
  name: v.pipe(v.string(), v.maxLength(WATCH_NAME_MAX)),
  schedule: savedSchedule,
  /** IANA time zone the schedule is read in ("Europe/Lisbon"), the person's own by default. */
  timeZone: v.string(),
  cap: capSchema,
  /** Words or #hashtags (case-insensitive); empty: every new item matches. */
  match: v.array(v.string()),
  pagesPerRun: v.pipe(v.number(), v.integer(), v.minValue(WATCH_PAGES.min), v.maxValue(WATCH_PAGES.max)),
  paused: v.boolean(),
};

export const watchSchema = v.object({
  id: v.string(),
  ...watchFields,
  /** { screen_name } or { rest_id } for a timeline; the search's parameters for a search. */
  target: v.record(v.string(), v.union([v.string(), v.number()])),
  owner: v.nullable(v.string()),
  createdAt: millis,
  /** When it runs next (ms); null when paused. */
  nextRunAt: v.nullable(millis),
  lastRun: v.nullable(watchRunSchema),
  quote: watchQuoteSchema,
});
export type Watch = v.InferOutput<typeof watchSchema>;

export const newItemSchema = v.object({
  watchId: v.string(),
  /** The post's id, or the search result's url. */
  key: v.string(),
  kind: v.picklist(['post', 'result']),
  seenAt: v.nullable(millis),
  foundAt: millis,
  runId: v.string(),
  /** The post's text or the result's title and snippet, shortened. */
  preview: v.string(),
  /** Opens it free from the archive: /timeline/<handle>/post/<id>, or /search?q=… for a result. */
  link: v.string(),
  /** Whether it has one of the watch's match words (always true when the watch has none). */
  matched: v.optional(v.boolean(), true),
});
export type NewItem = v.InferOutput<typeof newItemSchema>;

export const watchesAnswer = v.object({ watches: v.array(watchSchema) });
export const watchAnswer = v.object({ watch: watchSchema });
export const watchQuoteAnswer = v.object({ quote: watchQuoteSchema });
export const watchRunAnswer = v.object({ run: watchRunSchema, watch: watchSchema });
export const watchRunsAnswer = v.object({ runs: v.array(watchRunSchema) });
export const newItemsAnswer = v.object({
  items: v.array(newItemSchema),
  /** Every unseen item, not only this page's. */
  count: count,
  /** Each watch's unseen items, by watch id (the page heads each watch's group with it, however many are loaded). */
  byWatch: v.optional(v.record(v.string(), count), {}),
  /** `before` for the next page; null on the last. */
  next: v.optional(v.nullable(v.string()), null),
});
export const newCountAnswer = v.object({ count: count });
export const seenAnswer = v.object({ marked: count });
