import { queryOptions, type QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiFetch } from './client';
import { ApiError } from './errors';
import { sessionKeys } from './keys';
import { sessionStateSchema, type SessionState } from '../contract/session';

// The shapes are the contract's (src/contract/session.ts), shared with the server that sends them.
export type { SessionState, LedgerRow, Budget, LimitOwner } from '../contract/session';
export type { CallDetail, CallsPage } from '../contract/session-calls';

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

/** The session state, with the fields of the answer this page could not read (none, nearly always). */
export type ReadSessionState = SessionState & { unreadable?: string[] };

/**
 * `/api/_session`, read field by field when it does not pass whole: a field this page cannot read is named in
 * `unreadable` and left as none, and the meter, Credits and every price show the rest (src/contract/salvage.ts).
 */
export async function fetchSessionState(signal?: AbortSignal): Promise<ReadSessionState> {
  const { json } = await apiFetch('/api/_session', { signal });
  const whole = v.safeParse(sessionStateSchema, json);
  if (whole.success) return whole.output;
  // Loaded only for an answer that does not pass whole: no page's first load carries it.
  const { salvage } = await import('../contract/salvage');
  const read = salvage(sessionStateSchema, json);
  if (!read) throw new ApiError('invalid_response', 'The creditscope server sent an unexpected ledger shape');
  return { ...read.output, unreadable: read.unreadable };
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
