import { infiniteQueryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiFetch } from './client';
import { ApiError } from './errors';
import { fetchFileExport } from './file-export';
import { historyEntrySchema, historyPageSchema, historySubjectSchema } from '../contract/history';
import type { PaidOperation } from '../contract/operations';

export type HistorySubject = v.InferOutput<typeof historySubjectSchema>;
export type HistoryEntry = v.InferOutput<typeof historyEntrySchema>;
export type HistoryPage = v.InferOutput<typeof historyPageSchema>;
export interface HistoryFilter {
  operation?: PaidOperation;
  subject?: string;
}

export const historyKeys = {
  all: ['history'] as const,
  list: (filter: HistoryFilter) =>
    [...historyKeys.all, { operation: filter.operation ?? null, subject: filter.subject ?? null }] as const,
};

export async function fetchHistory(
  filter: HistoryFilter,
  before: string | null,
  signal?: AbortSignal,
): Promise<HistoryPage> {
  const query = new URLSearchParams();
  if (filter.operation) query.set('operation', filter.operation);
  if (filter.subject) query.set('subject', filter.subject);
  if (before) query.set('before', before);
  const { json } = await apiFetch(`/api/_history${query.size ? `?${query}` : ''}`, { signal });
  const parsed = v.safeParse(historyPageSchema, json);
  if (!parsed.success)
    throw new ApiError('invalid_response', 'The creditscope server sent an unexpected history shape');
  return parsed.output;
}

/**
 * What the store has bought, newest first. Reading it is free, and every paid call can add to it, so,
 * like the ledger, it is read again when the page opens and never persisted.
 */
export function historyQueryOptions(filter: HistoryFilter) {
  return infiniteQueryOptions({
    queryKey: historyKeys.list(filter),
    queryFn: ({ pageParam, signal }) => fetchHistory(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 0,
    refetchOnMount: 'always',
    meta: { persist: false },
  });
}

export type PeriodExport = 'ledger.csv' | 'ledger.json' | 'archive.ndjson';
export interface Period {
  from: string;
  to: string;
}

/** A period export of the ledger or the archive, streamed by the server. */
export function fetchPeriodExport(kind: PeriodExport, period: Period): Promise<{ blob: Blob; filename: string }> {
  const query = new URLSearchParams();
  if (period.from) query.set('from', period.from);
  if (period.to) query.set('to', period.to);
  return fetchFileExport(`/api/_history/${kind}?${query}`, `creditscope-${kind}`);
}
