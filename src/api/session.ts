import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiFetch } from './client';
import { ApiError } from './errors';
import { sessionKeys } from './keys';

const summary = v.object({
  id: v.string(), startedAt: v.string(), calls: v.number(), total: v.string(),
  byOperation: v.object({
    timeline: v.object({ calls: v.number(), total: v.string() }),
    search: v.object({ calls: v.number(), total: v.string() }),
  }),
});

const ledgerRow = v.object({
  id: v.string(), session: v.string(), at: v.string(), operation: v.picklist(['timeline', 'search']),
  params: v.record(v.string(), v.unknown()), status: v.number(), credits: v.string(), durationMs: v.number(),
  ok: v.boolean(), errorKind: v.optional(v.string()),
});

const sessionStateSchema = v.object({
  mode: v.picklist(['demo', 'upstream']),
  upstream: v.string(),
  session: summary,
  budget: v.object({ limit: v.nullable(v.string()), remaining: v.nullable(v.string()), reached: v.boolean() }),
  rows: v.array(ledgerRow),
  pastSessions: v.array(summary),
});

const callDetailSchema = v.object({
  row: ledgerRow,
  exchange: v.nullable(v.object({
    request: v.object({ method: v.string(), path: v.string(), params: v.record(v.string(), v.unknown()), body: v.unknown() }),
    status: v.number(), durationMs: v.number(), credits: v.string(), responseText: v.string(),
  })),
});

export type SessionState = v.InferOutput<typeof sessionStateSchema>;
export type LedgerRow = v.InferOutput<typeof ledgerRow>;
export type CallDetail = v.InferOutput<typeof callDetailSchema>;

function parse<T extends v.GenericSchema>(schema: T, json: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, json);
  if (!result.success) throw new ApiError('invalid_response', 'The creditscope server sent an unexpected ledger shape');
  return result.output;
}

export async function fetchSessionState(signal?: AbortSignal): Promise<SessionState> {
  return parse(sessionStateSchema, (await apiFetch('/api/_session', { signal })).json);
}

export async function startNewSession(): Promise<SessionState> {
  return parse(sessionStateSchema, (await apiFetch('/api/_session/new', { method: 'POST', body: {} })).json);
}

export async function setBudget(limit: string | null): Promise<SessionState> {
  return parse(sessionStateSchema, (await apiFetch('/api/_session/budget', { method: 'PUT', body: { limit } })).json);
}

export async function fetchCallDetail(id: string, signal?: AbortSignal): Promise<CallDetail> {
  return parse(callDetailSchema, (await apiFetch(`/api/_session/calls/${encodeURIComponent(id)}`, { signal })).json);
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

export function callDetailQueryOptions(id: string) {
  return queryOptions({ queryKey: sessionKeys.call(id), queryFn: ({ signal }) => fetchCallDetail(id, signal), meta: { persist: false } });
}
