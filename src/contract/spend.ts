import * as v from 'valibot';
import { SPEND_DIMENSIONS } from './spend-dimensions.ts';
import { SPEND_ALERT_KINDS } from './spend-fired.ts';
import { decimal } from './decimal.ts';

/**
 * `GET /api/_spend` (where the credits went) and `/api/_spend/alerts` (the thresholds a person sets): one schema
 * for both sides, as ./session.ts. A module of its own: only the Credits page and the alert notice read it.
 *
 * A dimension is one entry of SPEND_DIMENSIONS: the server's grouping (server/store/reads/spend.ts) and the
 * Credits page's table (src/features/credits/spend-dimensions.ts) each have a record keyed by it, so one more
 * (a `person`) does not compile until both say how to group and show it.
 */
export { SPEND_DIMENSIONS, type SpendDimension } from './spend-dimensions.ts';
export { SPEND_ALERT_KINDS, firedAlertSchema, type FiredAlert } from './spend-fired.ts';

/**
 * One group: `key` null gathers the rows the dimension does not apply to (a search has no handle, a browser's
 * call no job), so the groups always add up to the period's total. Rows of unknown outcome (sent, no answer
 * read: booked at the price they held) are in `credits`, and also in `unknownCredits` so the page can say so.
 */
export const spendGroupSchema = v.object({
  key: v.nullable(v.string()),
  calls: v.number(),
  failedFree: v.number(),
  credits: decimal,
  unknownCalls: v.number(),
  unknownCredits: decimal,
  lastAt: v.string(),
});

export const spendBreakdownSchema = v.object({
  by: v.picklist(SPEND_DIMENSIONS),
  /** The UTC days asked for, both included; null: no bound. */
  from: v.nullable(v.string()),
  to: v.nullable(v.string()),
  /** Only this session's calls, when asked for. */
  session: v.nullable(v.string()),
  /** Every settled row of the period (and the unknown outcomes): exactly the sum of the groups' credits. */
  total: decimal,
  calls: v.number(),
  unknownCalls: v.number(),
  unknownCredits: decimal,
  /** Calls journalled and not answered yet: not counted until they settle. */
  inFlight: v.number(),
  groups: v.array(spendGroupSchema),
});

export type SpendGroup = v.InferOutput<typeof spendGroupSchema>;
export type SpendBreakdown = v.InferOutput<typeof spendBreakdownSchema>;

/**
 * An alert the person set: `session` when the current session's spend passes `credits`; `today` when today's
 * (UTC) spend passes `percent` % of the tighter limit. Each fires once per session, or once per day.
 */
export const spendAlertSchema = v.object({
  id: v.string(),
  kind: v.picklist(SPEND_ALERT_KINDS),
  /** Credits for `session`, a percentage for `today`. */
  threshold: decimal,
  createdAt: v.string(),
  /** The session or the day it last fired for, and when: null until it first fires. */
  firedFor: v.nullable(v.string()),
  firedAt: v.nullable(v.string()),
});
export type SpendAlert = v.InferOutput<typeof spendAlertSchema>;

export const spendAlertsSchema = v.object({ alerts: v.array(spendAlertSchema) });
