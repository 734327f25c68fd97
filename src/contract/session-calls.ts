import * as v from 'valibot';
import { ledgerRowSchema } from './session.ts';

/**
 * What only the Credits page asks of `/api/_session` (older rows, one call's detail): a module of its own so
 * these schemas stay out of every page's first load. The server's call detail (server/proxy/call-detail.ts)
 * is typed by the schema here, as the session state is by ./session.ts.
 */

/** `GET /api/_session/calls?session=&before=&limit=`: rows older than a cursor, oldest first. */
export const callsPageSchema = v.object({
  rows: v.array(ledgerRowSchema),
  nextCursor: v.nullable(v.number()),
  session: v.string(),
});

/**
 * `GET /api/_session/calls/:id`: one call as the inspector shows it, for any row: the request as sent, per
 * attempt the answer's headers that matter (null for calls from before they were kept), and the raw body, or
 * why it is no longer kept.
 */
export const callDetailSchema = v.object({
  row: ledgerRowSchema,
  request: v.object({
    method: v.string(),
    path: v.string(),
    params: v.record(v.string(), v.unknown()),
    body: v.unknown(),
  }),
  attemptHeaders: v.nullable(v.array(v.record(v.string(), v.string()))),
  response: v.union([
    v.object({ body: v.string(), source: v.picklist(['memory', 'archive']) }),
    // Why the raw answer cannot be shown: a later purchase of the page replaced it in the archive, a failure
    // (never archived), or an unknown outcome (there never was an answer to keep).
    v.object({ body: v.null(), missing: v.picklist(['replaced', 'failure', 'unknown-outcome']) }),
  ]),
});

export type CallsPage = v.InferOutput<typeof callsPageSchema>;
export type CallDetail = v.InferOutput<typeof callDetailSchema>;
