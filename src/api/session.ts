import { queryOptions, type QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiFetch } from './client';
import { ApiError } from './errors';
import { sessionKeys } from './keys';

const decimal = v.pipe(v.string(), v.regex(/^\d+(\.\d+)?$/));
const charged = v.picklist(['yes', 'no', 'unknown']);

/** `calls` counts what the upstream charged for (or may have); `failedFree` the entries that cost nothing. */
const summary = v.object({
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

export const ledgerRow = v.object({
  id: v.string(),
  session: v.string(),
  at: v.string(),
  operation: v.picklist(['timeline', 'search']),
  params: v.record(v.string(), v.unknown()),
  status: v.number(),
  credits: v.string(),
  durationMs: v.number(),
  ok: v.boolean(),
  charged,
  attempts: v.array(attempt),
  errorKind: v.optional(v.string()),
});

/**
 * Two limits with two owners: the operator's CREDIT_LIMIT caps all spend through the server's store in its
 * period and cannot be changed from here; the personal limit caps this session and is never above it. `limit`,
 * `remaining` and `reached` are for the tighter of the two.
 */
const budget = v.pipe(
  v.object({
    operatorLimit: v.nullable(decimal),
    personalLimit: v.nullable(decimal),
    limit: v.nullable(decimal),
    spentSinceStart: decimal,
    remaining: v.nullable(decimal),
    reached: v.boolean(),
    reachedBy: v.nullable(v.picklist(['operator', 'personal'])),
    // What the operator's limit counts (UTC day or month, or all spend), and the amber line before the hard stop.
    // Defaulted so a server from before budget periods still reads as "total, no warning".
    period: v.optional(v.picklist(['total', 'day', 'month']), 'total'),
    spentInPeriod: v.optional(decimal),
    warnAt: v.optional(v.nullable(decimal), null),
    warning: v.optional(v.boolean(), false),
  }),
  v.transform((read) => ({ ...read, spentInPeriod: read.spentInPeriod ?? read.spentSinceStart })),
);

/** The last price charged for each operation (all sessions), or the stand-in's list price in demo mode. */
const prices = v.object({ timeline: v.nullable(decimal), search: v.nullable(decimal) });

export const sessionStateSchema = v.object({
  mode: v.picklist(['demo', 'upstream']),
  upstream: v.string(),
  session: summary,
  budget,
  prices,
  /** The newest rows only (oldest first); older ones are paged from `/api/_session/calls?before=`. */
  rows: v.array(ledgerRow),
  olderRowsCursor: v.optional(v.nullable(v.number()), null),
  store: v.optional(v.picklist(['sqlite', 'postgres'])),
  /** How long the server's archive serves a first page or a search free (older servers do not say). */
  archive: v.optional(v.object({ freshForMs: v.number() })),
  pastSessions: v.array(summary),
});

export type SessionState = v.InferOutput<typeof sessionStateSchema>;
export type LedgerRow = v.InferOutput<typeof ledgerRow>;
export type Budget = v.InferOutput<typeof budget>;
export type Charged = v.InferOutput<typeof charged>;
export type { CallDetail, CallsPage } from './session-calls';

export function parseLedgerAnswer<T extends v.GenericSchema>(schema: T, json: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, json);
  if (!result.success) throw new ApiError('invalid_response', 'The creditscope server sent an unexpected ledger shape');
  return result.output;
}

/** The meter a server-rendered page was written with (server/http/render.ts), inlined as JSON beside the page. */
export const SERVER_METER_ID = 'creditscope-server-meter';

/**
 * Puts the server's meter (totals, budget, prices; no rows) in the cache a server-rendered page renders and
 * hydrates with, so the meter and every price are on screen before the app runs. Marked old: the app asks
 * for the whole state as soon as it mounts. Anything unreadable is left out, and the app asks as usual.
 */
export function seedMeter(queryClient: QueryClient, json: unknown) {
  const read = v.safeParse(sessionStateSchema, json);
  if (read.success) queryClient.setQueryData(sessionKeys.state(), read.output, { updatedAt: 0 });
}

export async function fetchSessionState(signal?: AbortSignal): Promise<SessionState> {
  return parseLedgerAnswer(sessionStateSchema, (await apiFetch('/api/_session', { signal })).json);
}

/** The ledger is free to read and changes with every paid call, so unlike bought data it is polled and never persisted. */
export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.state(),
    queryFn: ({ signal }) => fetchSessionState(signal),
    staleTime: 0,
    refetchInterval: 15_000,
    refetchOnWindowFocus: true,
    meta: { persist: false },
  });
}
