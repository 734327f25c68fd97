import * as v from 'valibot';
import { JOB_LIMITS } from './jobs.ts';
import { MAX_LOOKUP_KEYS } from './limits.ts';
import { PAID_OPERATIONS } from './operations.ts';
import { periodQuerySchema } from './period.ts';
import { SPEND_DIMENSIONS } from './spend-dimensions.ts';
import { limitPeriodSchema, ROLES } from './person.ts';
import { SPEND_ALERT_KINDS } from './spend-fired.ts';

/**
 * What the server checks a request against before its route runs (bodies, path parameters, a strict query): the
 * Fastify schemas are derived from these (server/http/contract-schema.ts) and the routes read the values they
 * type. The browser imports only their types: a module of its own, so none of these schemas (nor the valibot
 * functions only they use) is in a page's JavaScript. A body is a `strictObject`: a field it does not name is
 * refused, never dropped.
 */

/** `PUT /api/_session/budget`: `{"limit":"25"}`, a number, or null to clear it (the route reads the decimal). */
export const budgetBodySchema = v.strictObject({ limit: v.union([v.string(), v.number(), v.null()]) });
export type BudgetBody = v.InferInput<typeof budgetBodySchema>;

/** `POST /api/_spend/alerts`: `{"kind":"session","threshold":"2"}` or `{"kind":"today","threshold":"80"}`. */
export const alertBodySchema = v.strictObject({
  kind: v.picklist(SPEND_ALERT_KINDS),
  threshold: v.union([v.string(), v.number()]),
});
export type AlertBody = v.InferOutput<typeof alertBodySchema>;

/** `POST /api/_auth/sign-in`. */
export const signInBodySchema = v.strictObject({
  name: v.pipe(v.string(), v.maxLength(256)),
  password: v.pipe(v.string(), v.maxLength(1024)),
});
export type SignInBody = v.InferOutput<typeof signInBodySchema>;

/** `POST /api/_auth/welcome`: the invited person's first password. */
export const welcomeBodySchema = v.strictObject({
  token: v.pipe(v.string(), v.maxLength(256)),
  password: v.pipe(v.string(), v.maxLength(4096)),
});
export type WelcomeBody = v.InferOutput<typeof welcomeBodySchema>;

/** `POST /api/_auth/sign-out`: this browser, or (`everywhere`) every browser and session of the person. */
export const signOutBodySchema = v.strictObject({ everywhere: v.optional(v.boolean()) });
export type SignOutBody = v.InferOutput<typeof signOutBodySchema>;

/** `POST /api/_auth/welcome/check`: the token in a body, never a URL (a server log keeps URLs). */
export const welcomeCheckBodySchema = v.strictObject({ token: v.pipe(v.string(), v.maxLength(256)) });

export const keyLabelBodySchema = v.strictObject({
  label: v.pipe(v.string(), v.minLength(1), v.maxLength(100), v.regex(/\S/)),
});
export type KeyLabelBody = v.InferOutput<typeof keyLabelBodySchema>;
export const keyIdParamsSchema = v.object({ id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)) });

/** A limit an admin gives a person, or null for none (the credits read by the server's creditLimit rule). */
const limitChoice = v.nullable(
  v.strictObject({ credits: v.pipe(v.string(), v.maxLength(40)), period: limitPeriodSchema }),
);
export type LimitChoice = v.InferOutput<typeof limitChoice>;

/** `POST /api/_auth/people`: invite a person. */
export const inviteBodySchema = v.strictObject({
  name: v.pipe(v.string(), v.maxLength(256)),
  role: v.picklist(ROLES),
  limit: limitChoice,
});
export type InviteBody = v.InferOutput<typeof inviteBodySchema>;

/** `PATCH /api/_auth/people/:name`: a new role, a new limit, or both; at least one. */
export const changePersonBodySchema = v.pipe(
  v.strictObject({ role: v.optional(v.picklist(ROLES)), limit: v.optional(limitChoice) }),
  v.minEntries(1),
);
export type ChangePersonBody = v.InferOutput<typeof changePersonBodySchema>;

export const personNameParamsSchema = v.object({ name: v.pipe(v.string(), v.minLength(1), v.maxLength(128)) });
/** What the actions on a person (reset, sign-out) take: nothing. */
export const noBodySchema = v.strictObject({});

/** `GET /api/_auth/audit?before=&limit=`: nothing else. */
export const auditQuerySchema = v.strictObject({
  before: v.optional(v.pipe(v.string(), v.maxLength(200))),
  limit: v.optional(v.pipe(v.string(), v.regex(/^(100|[1-9][0-9]?)$/))),
});
export type AuditQuery = v.InferOutput<typeof auditQuerySchema>;

const pages = (field: string) =>
  v.pipe(
    v.number(`${field} must be a whole number`),
    v.integer(`${field} must be a whole number`),
    v.minValue(1, `${field} must be at least 1`),
    v.maxValue(JOB_LIMITS.pages, `${field} must be at most ${JOB_LIMITS.pages}`),
  );

/** A quote's or a job's body as asked: the server reads it with this (server/jobs/spec.ts) and derives its schema. */
export const jobSpecRequest = v.object(
  {
    handles: v.optional(
      v.array(v.string('handles must be a list of handles'), 'handles must be a list of handles'),
      [],
    ),
    searches: v.optional(
      v.array(v.string('searches must be a list of queries'), 'searches must be a list of queries'),
      [],
    ),
    timeline: v.optional(
      v.object(
        {
          pages: v.optional(pages('timeline.pages')),
          until: v.optional(
            v.pipe(
              v.string('timeline.until must be a date like 2026-11-01'),
              v.check((value) => !Number.isNaN(Date.parse(value)), 'timeline.until must be a date like 2026-11-01'),
            ),
          ),
          untilEnd: v.optional(v.boolean('timeline.untilEnd must be true or false')),
          maxPages: v.optional(pages('timeline.maxPages')),
        },
        'timeline must be an object like {"pages":5}',
      ),
    ),
    searchPages: v.optional(pages('searchPages')),
    concurrency: v.optional(
      v.pipe(
        v.number('concurrency must be a whole number'),
        v.integer('concurrency must be a whole number'),
        v.minValue(JOB_LIMITS.concurrency.min, `concurrency must be at least ${JOB_LIMITS.concurrency.min}`),
        v.maxValue(JOB_LIMITS.concurrency.max, `concurrency must be at most ${JOB_LIMITS.concurrency.max}`),
      ),
    ),
  },
  'The body must be a JSON object like {"handles":["ada"],"searches":[],"timeline":{"pages":5},"searchPages":1}',
);

/** `?limit=` of rows: 1 to 500, as digits (the range is checked by the route). */
const rowLimit = v.pipe(v.string(), v.regex(/^\d{1,4}$/));

/** `GET /api/_session?limit=`. */
export const sessionQuerySchema = v.object({ limit: v.optional(rowLimit) });

/** `GET /api/_session/calls?session=&before=&limit=`. */
export const callsQuerySchema = v.object({
  limit: v.optional(rowLimit),
  before: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/))),
  session: v.optional(v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/))),
});

/** `GET /api/_spend?by=&from=&to=&session=`: a dimension, a period of UTC days and `current` or a session id. */
export const spendQuerySchema = v.object({
  by: v.picklist(SPEND_DIMENSIONS),
  ...periodQuerySchema.entries,
  session: v.optional(v.pipe(v.string(), v.regex(/^(current|[\w-]{1,64})$/))),
});
export type SpendQuery = v.InferOutput<typeof spendQuerySchema>;

/**
 * `GET /api/_history/lookup` (which pages the archive would serve free now): one schema for both sides, as
 * ./session.ts. A module of its own: every priced control asks it (src/api/archive-lookup.ts), so it stays out of
 * the history page's shapes (./history.ts). The server's route: server/proxy/history-lookup.ts.
 */

const pageKey = v.pipe(v.string(), v.maxLength(2000));

/** `?key=<purchase key>&key=…`: 1 to MAX_LOOKUP_KEYS keys. */
export const lookupQuerySchema = v.object({
  key: v.union([pageKey, v.pipe(v.array(pageKey), v.minLength(1), v.maxLength(MAX_LOOKUP_KEYS))]),
});
export type LookupQuery = v.InferOutput<typeof lookupQuerySchema>;

/** `?operation=&subject=&before=`: each optional (an empty operation is every operation). */
export const historyQuerySchema = v.object({
  operation: v.optional(v.picklist([...PAID_OPERATIONS, ''])),
  subject: v.optional(v.pipe(v.string(), v.maxLength(500))),
  before: v.optional(v.string()),
});
export type HistoryQuery = v.InferOutput<typeof historyQuerySchema>;

/**
 * The query as Fastify first reads it: each field once, as text (a field given twice is an array, refused). The
 * rest of each rule (a real day, a handle, a cursor) is the server's findQuery and statsQuery
 * (server/archive-search/params.ts), which name each bad field.
 */
const text = v.optional(v.string());
export const findQueryTextSchema = v.object({
  q: text,
  author: text,
  from: text,
  to: text,
  media: text,
  kind: text,
  before: text,
});
export const statsQueryTextSchema = v.object({ handle: text });

/** `/api/_jobs/:id[/…]`: a job's id, as the server makes them (letters, digits, `_` and `-`). */
export const jobIdParamsSchema = v.object({ id: v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/)) });
