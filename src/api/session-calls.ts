import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiFetch } from './client';
import { sessionKeys } from './keys';
import { ledgerRow, parseLedgerAnswer, sessionStateSchema, type SessionState } from './session';

/**
 * What only the Credits page asks of the ledger (older rows, one call's detail, a new session, a limit):
 * apart from src/api/session.ts, whose session state every page's meter reads. Each is asked for on a click,
 * so the page imports this module then (its schemas stay out of the page's first load).
 */

const callsPageSchema = v.object({ rows: v.array(ledgerRow), nextCursor: v.nullable(v.number()), session: v.string() });

/**
 * One call as the inspector shows it, for any row: the request as sent, per attempt the answer's headers that
 * matter (null for calls from before they were kept), and the raw body, or why it is no longer kept.
 */
const callDetailSchema = v.object({
  row: ledgerRow,
  request: v.object({
    method: v.string(),
    path: v.string(),
    params: v.record(v.string(), v.unknown()),
    body: v.unknown(),
  }),
  attemptHeaders: v.nullable(v.array(v.record(v.string(), v.string()))),
  response: v.union([
    v.object({ body: v.string(), source: v.picklist(['memory', 'archive']) }),
    v.object({ body: v.null(), missing: v.picklist(['replaced', 'failure', 'unknown-outcome']) }),
  ]),
});

export type CallDetail = v.InferOutput<typeof callDetailSchema>;
export type CallsPage = v.InferOutput<typeof callsPageSchema>;

export async function startNewSession(): Promise<SessionState> {
  return parseLedgerAnswer(
    sessionStateSchema,
    (await apiFetch('/api/_session/new', { method: 'POST', body: {} })).json,
  );
}

export async function setBudget(limit: string | null): Promise<SessionState> {
  return parseLedgerAnswer(
    sessionStateSchema,
    (await apiFetch('/api/_session/budget', { method: 'PUT', body: { limit } })).json,
  );
}

/** Rows of a session older than `before` (a cursor from `olderRowsCursor` or a previous page), oldest first. */
export async function fetchOlderCalls(
  sessionId: string,
  before: number,
  limit = 100,
  signal?: AbortSignal,
): Promise<CallsPage> {
  const query = new URLSearchParams({ session: sessionId, before: String(before), limit: String(limit) });
  return parseLedgerAnswer(callsPageSchema, (await apiFetch(`/api/_session/calls?${query}`, { signal })).json);
}

export async function fetchCallDetail(id: string, signal?: AbortSignal): Promise<CallDetail> {
  return parseLedgerAnswer(
    callDetailSchema,
    (await apiFetch(`/api/_session/calls/${encodeURIComponent(id)}`, { signal })).json,
  );
}

export function callDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: sessionKeys.call(id),
    queryFn: ({ signal }) => fetchCallDetail(id, signal),
    meta: { persist: false },
  });
}
