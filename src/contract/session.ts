import * as v from 'valibot';
import { CHARGED } from './error-kinds.ts';
import { firedAlertSchema } from './spend-fired.ts';
import { decimal } from './decimal.ts';
import { limitPeriodSchema } from './person.ts';
import { PAID_OPERATIONS } from './operations.ts';

/**
 * `GET /api/_session` (and the answers of `POST /api/_session/new` and `PUT /api/_session/budget`): the ledger's
 * state as every page's meter reads it. One schema for both sides: the browser parses with it, and the
 * server's state builder (server/proxy/session-routes.ts) is typed by it, so a field one side adds and the
 * other does not send is a compile error, not a fallback. No defaults: the browser and the server ship together.
 */

const charged = v.picklist(CHARGED);
const operation = v.picklist(PAID_OPERATIONS);

/** `calls` counts what the upstream charged for (or may have); `failedFree` the entries that cost nothing. */
export const sessionSummarySchema = v.object({
  id: v.string(),
  startedAt: v.string(),
  calls: v.number(),
  failedFree: v.number(),
  total: v.string(),
  byOperation: v.object({
    timeline: v.object({ calls: v.number(), total: v.string() }),
    search: v.object({ calls: v.number(), total: v.string() }),
  }),
});

/** One try at the upstream; a ledger row is one purchase, however many tries it took. */
const attempt = v.object({ at: v.string(), status: v.number(), durationMs: v.number(), credits: v.string(), charged });

export const ledgerRowSchema = v.object({
  id: v.string(),
  session: v.string(),
  at: v.string(),
  operation,
  params: v.record(v.string(), v.unknown()),
  status: v.number(),
  credits: v.string(),
  durationMs: v.number(),
  ok: v.boolean(),
  charged,
  attempts: v.array(attempt),
  errorKind: v.optional(v.string()),
  /** Who bought it (#28): a person's name, or null where nobody signs in (loopback, mode none). */
  person: v.nullable(v.string()),
});

/** Whose limit: the operator's, this session's personal one, or the signed-in person's own (#28). */
const LIMIT_OWNERS = ['operator', 'personal', 'person'] as const;

/** A person's own limit (#28): "alice's limit of 0.3 credits a day", and when its period starts again (UTC). */
const personLimitSchema = v.object({
  name: v.string(),
  limit: decimal,
  period: limitPeriodSchema,
  spent: decimal,
  resetsAt: v.nullable(v.string()),
});

/**
 * Two limits with two owners (three with a person's own, #28): the operator's CREDIT_LIMIT caps all spend through the server's store in its
 * period and cannot be changed from here; the personal limit caps this session and is never above it. `limit`,
 * `remaining` and `reached` are for the tighter of the two.
 */
export const budgetSchema = v.object({
  operatorLimit: v.nullable(decimal),
  personalLimit: v.nullable(decimal),
  limit: v.nullable(decimal),
  /** What the operator's limit counts: all spend in the store, or this UTC day's or month's. */
  period: limitPeriodSchema,
  /** Spend in the operator's period, every process and browser together. */
  spentInPeriod: decimal,
  /** The same as spentInPeriod, for a tab still running a bundle from before budget periods. */
  spentSinceStart: decimal,
  remaining: v.nullable(decimal),
  /** Whose limit `limit` and `remaining` are (the nearest); null with none. A known price above `remaining` is refused. */
  limitBy: v.optional(v.nullable(v.picklist(LIMIT_OWNERS))),
  /** Where the meter turns amber before the hard stop, in credits; null when none is set. */
  warnAt: v.nullable(decimal),
  warning: v.boolean(),
  /**
   * Whose warning point is passed: the operator's (CREDIT_WARN_AT), this session's personal limit or the
   * signed-in person's own limit (#28) (80 % of either).
   */
  warningBy: v.nullable(v.picklist(LIMIT_OWNERS)),
  reached: v.boolean(),
  reachedBy: v.nullable(v.picklist(LIMIT_OWNERS)),
  /** The signed-in person's own limit (#28); null or absent where nobody signs in or they have none. */
  person: v.optional(v.nullable(personLimitSchema)),
});
export type LimitOwner = (typeof LIMIT_OWNERS)[number];

/** How far back the pace looks: spending now, not the session's average (src/features/credits/spend-pace.ts). */
export const PACE_WINDOW_MS = 15 * 60_000;

/**
 * The asker's own session's spend in its last minutes (#33), one entry per minute and price: `minute` is the UTC minute its
 * calls were journalled in ("2026-11-25T14:02"), from the minute PACE_WINDOW_MS before the server's now.
 * Per minute, so its size is bounded whatever the rate; the browser sums the window at its own clock.
 */
export const recentSpendSchema = v.array(v.object({ minute: v.string(), calls: v.number(), credits: decimal }));

/** What one credit costs in a currency (the operator's CREDIT_PRICE, e.g. 0.002 USD): shown beside credits. */
export const creditPriceSchema = v.object({ amount: decimal, currency: v.string() });
export type CreditPrice = v.InferOutput<typeof creditPriceSchema>;

/**
 * The team's spend (#33), labelled as the team's beside the asker's own numbers: what the operator's limit counts
 * (its period), every person together. `byPerson` is each person's share, for an admin; null for anyone else.
 */
export const teamSpendSchema = v.object({
  period: limitPeriodSchema,
  spent: decimal,
  calls: v.number(),
  byPerson: v.nullable(v.array(v.object({ name: v.string(), spent: decimal, calls: v.number() }))),
});

/** The last price charged for each operation (all sessions), or the stand-in's list price in demo mode. */
const prices = v.object({ timeline: v.nullable(decimal), search: v.nullable(decimal) });

export const sessionStateSchema = v.object({
  mode: v.picklist(['demo', 'upstream']),
  /** Where paid calls go, as a person reads it (never the token). */
  upstream: v.string(),
  store: v.picklist(['sqlite', 'postgres']),
  /** How long the server's archive serves a first page or a search free. */
  archive: v.object({ freshForMs: v.number() }),
  /** The operator's price of a credit; null (the server) or absent (a fixture) when none is set: credits only. */
  creditPrice: v.optional(v.nullable(creditPriceSchema)),
  /** The asker's own session (#33): each person's is theirs; where nobody signs in, the one shared view. */
  session: sessionSummarySchema,
  budget: budgetSchema,
  /** The team's spend, labelled as the team's (#33); null where nobody signs in (one person, one view). */
  team: v.nullable(teamSpendSchema),
  recentSpend: recentSpendSchema,
  prices,
  /** The newest rows only (oldest first); older ones are paged from `/api/_session/calls?before=`. */
  rows: v.array(ledgerRowSchema),
  /**
   * Whose session, rows and pace these are (#33): the signed-in person's name, whatever their role; null where
   * nobody signs in. The team's figures are `team`.
   */
  person: v.nullable(v.string()),
  /** The cursor for the rows before these, or null when these are all. */
  olderRowsCursor: v.nullable(v.number()),
  pastSessions: v.array(sessionSummarySchema),
  /** Spend alerts found crossed by this read, and by no other: each is shown once, in the tab that read it. */
  alertsFired: v.array(firedAlertSchema),
});

export type SessionState = v.InferOutput<typeof sessionStateSchema>;
export type LedgerRow = v.InferOutput<typeof ledgerRowSchema>;
export type Budget = v.InferOutput<typeof budgetSchema>;
export type RecentSpend = v.InferOutput<typeof recentSpendSchema>;
export type TeamSpend = v.InferOutput<typeof teamSpendSchema>;
