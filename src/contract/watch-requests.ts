import * as v from 'valibot';
import { PAID_PARAMS } from './paid-params.ts';
import { DAILY_TIME, WATCH_CAP_PERIODS, WATCH_EVERY, WATCH_KINDS } from './watches.ts';

/**
 * What the server checks a watches request against (src/contract/watches.ts lists the routes). The browser imports
 * only their types, through ./watches.ts: a module of its own, so none of these schemas (nor the valibot functions
 * and paid-page rules only they use) is in a page's JavaScript, as with ./requests.ts.
 */

export const scheduleSchema = v.union([
  v.strictObject({ every: v.picklist(WATCH_EVERY) }),
  v.strictObject({ daily: v.pipe(v.string(), v.regex(DAILY_TIME, 'daily must be a time like 08:30 (24-hour)')) }),
  v.strictObject({ cron: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)) }),
]);

/**
 * What a watch's name and match words may not hold: a control character (NUL, tab, line break, ESC, DEL, C1…) or
 * half of a surrogate pair. Each is one line of text; a store would cut a name at its NUL (SQLite) or refuse the
 * row (PostgreSQL), and a line break would split the CLI's list. Refused with a 400 naming the field.
 */
export const CONTROL = /\p{Cc}|\p{Cs}/u;

/** A timeline's target: its handle or its numeric id (no cursor: a run picks its own pages). */
export const timelineTargetSchema = v.pipe(
  v.object({ screen_name: v.optional(v.string()), rest_id: v.optional(v.string()) }),
  v.check(
    (target) => target.screen_name !== undefined || target.rest_id !== undefined,
    'screen_name or rest_id is required',
  ),
);
/** A search's target: its parameters exactly as a search takes them (q, num, page, site, hl). */
export const searchTargetSchema = PAID_PARAMS.search;

/**
 * What a form sends to create a watch or quote it. The server checks the target with the paid page's own rules
 * (src/contract/paid-params.ts), the schedule with croner and the time zone with Intl, and words every refusal.
 * Defaults: name from the target, timeZone UTC, match [], pagesPerRun 1, paused false.
 */
export const watchDraftSchema = v.object({
  kind: v.picklist(WATCH_KINDS),
  name: v.optional(v.string()),
  target: v.record(v.string(), v.unknown()),
  schedule: scheduleSchema,
  timeZone: v.optional(v.string()),
  cap: v.object({ credits: v.union([v.string(), v.number()]), per: v.picklist(WATCH_CAP_PERIODS) }),
  match: v.optional(v.array(v.string())),
  pagesPerRun: v.optional(v.number()),
  paused: v.optional(v.boolean()),
});
export type WatchDraft = v.InferInput<typeof watchDraftSchema>;

/** PATCH: any of a draft's fields but kind (a watch keeps its kind; delete and create to change it). */
export const watchPatchSchema = v.partial(v.omit(watchDraftSchema, ['kind']));
export type WatchPatch = v.InferInput<typeof watchPatchSchema>;

/** Run now spends: the body names the perRun of the quote the person saw; a higher price is refused (409). */
export const runNowRequestSchema = v.object({ acceptedPerRun: v.union([v.string(), v.number()]) });
export type RunNowRequest = v.InferInput<typeof runNowRequestSchema>;

/** GET /api/_watches/new's query, as text (the route reads limit as a whole number and before as its cursor). */
export const newItemsQuerySchema = v.object({ limit: v.optional(v.string()), before: v.optional(v.string()) });
export type NewItemsQuery = v.InferOutput<typeof newItemsQuerySchema>;

export const seenRequestSchema = v.object({ watchId: v.optional(v.string()) });
export type SeenRequest = v.InferInput<typeof seenRequestSchema>;

export const watchIdParamsSchema = v.object({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)) });
