import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client';
import { sessionKeys } from './keys';
import { parseLedgerAnswer } from './session';
import { sessionStateSchema, type SessionState } from '../contract/session';
import { callDetailSchema, callsPageSchema, type CallDetail, type CallsPage } from '../contract/session-calls';

export type { CallDetail, CallsPage };

/**
 * What only the Credits page asks of the ledger (older rows, one call's detail, a new session, a limit):
 * apart from src/api/session.ts, whose session state every page's meter reads. Each is asked for on a click,
 * so the page imports this module then (its schemas stay out of the page's first load).
 */

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
