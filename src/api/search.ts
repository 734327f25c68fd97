import { queryOptions, skipToken } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiFetch } from './client';
import { ApiError } from './errors';
import { searchKeys, type SearchParams } from './keys';
import { searchEnvelope, toSearchResults } from './schemas/envelope';
import type { SearchPage } from './types';

export type { SearchParams };

/** Exactly the fields the user set: unset options are left to the upstream's defaults. */
export function searchBody(params: SearchParams): Record<string, string | number> {
  const body: Record<string, string | number> = { q: params.q.trim() };
  if (params.num !== undefined) body.num = params.num;
  if (params.page !== undefined) body.page = String(params.page);
  if (params.site) body.site = params.site;
  if (params.hl) body.hl = params.hl;
  return body;
}

export async function fetchSearch(params: SearchParams, signal?: AbortSignal): Promise<SearchPage> {
  const { json, callId, credits } = await apiFetch('/api/v1/search', { method: 'POST', body: searchBody(params), signal });
  const parsed = v.safeParse(searchEnvelope, json);
  if (!parsed.success) throw new ApiError('invalid_response', 'The search response has no results list');
  return { results: toSearchResults(parsed.output.data), credits, callId, boughtAt: Date.now() };
}

/** `skipToken` while the query is empty: nothing is bought for an empty box. */
export function searchQueryOptions(params: SearchParams) {
  return queryOptions({
    queryKey: searchKeys.query(params),
    queryFn: params.q.trim() ? ({ signal }) => fetchSearch(params, signal) : skipToken,
  });
}
