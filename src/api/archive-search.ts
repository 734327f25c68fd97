import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiFetch } from './client';
import { ApiError } from './errors';
import type { FindKind, FindParams } from './find-params';
import { findHitSchema, findPageSchema, handleStatsSchema, snippetRunSchema } from '../contract/find';
import { toSearchResults } from '../contract/upstream/envelope';
import { postSchema } from '../contract/upstream/post';
import type { Post, SearchResult } from '../contract/upstream/types';

export { FIND_KINDS, type FindKind, type FindParams } from './find-params';

export type SnippetRun = v.InferOutput<typeof snippetRunSchema>;
/** A hit with its archived item read as a bought page is read: the same Post a timeline card draws. */
export type FindHit = Omit<v.InferOutput<typeof findHitSchema>, 'item'> & {
  post: Post | null;
  result: SearchResult | null;
};
export interface FindPage {
  indexing: number;
  total: number | null;
  moreThanTotal: boolean;
  next: string | null;
  hits: FindHit[];
}
export type HandleStats = v.InferOutput<typeof handleStatsSchema>;

export const archiveSearchKeys = {
  all: ['archive-search'] as const,
  find: (params: FindParams) => [...archiveSearchKeys.all, 'find', params] as const,
  stats: (handle: string) => [...archiveSearchKeys.all, 'stats', handle.toLowerCase()] as const,
};

function readItem(kind: FindKind, item: unknown): Pick<FindHit, 'post' | 'result'> {
  if (item === null || item === undefined) return { post: null, result: null };
  if (kind === 'result') return { post: null, result: toSearchResults([item])[0] ?? null };
  const post = v.safeParse(postSchema, item);
  return { post: post.success ? post.output : null, result: null };
}

export function findQueryString(params: FindParams, before: string | null): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === '' || value === false) continue;
    query.set(name, value === true ? '1' : String(value));
  }
  if (before) query.set('before', before);
  return query.toString();
}

export async function fetchFind(params: FindParams, before: string | null, signal?: AbortSignal): Promise<FindPage> {
  const { json } = await apiFetch(`/api/_archive/search?${findQueryString(params, before)}`, { signal });
  const parsed = v.safeParse(findPageSchema, json);
  if (!parsed.success) throw new ApiError('invalid_response', 'The creditscope server sent an unexpected find answer');
  return {
    ...parsed.output,
    hits: parsed.output.hits.map(({ item, ...rest }) => ({ ...rest, ...readItem(rest.kind, item) })),
  };
}

export async function fetchHandleStats(handle: string, signal?: AbortSignal): Promise<HandleStats> {
  const { json } = await apiFetch(`/api/_archive/stats?handle=${encodeURIComponent(handle)}`, { signal });
  const parsed = v.safeParse(handleStatsSchema, json);
  if (!parsed.success) throw new ApiError('invalid_response', 'The creditscope server sent unexpected statistics');
  return parsed.output;
}

/**
 * Free, and every purchase can add to what matches: read again whenever the page opens, never persisted
 * (like the history). Nothing here can spend, so it may be aborted.
 */
export function findQueryOptions(params: FindParams) {
  return infiniteQueryOptions({
    queryKey: archiveSearchKeys.find(params),
    queryFn: ({ pageParam, signal }) => fetchFind(params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next ?? undefined,
    // Asked again while pages are still being indexed, until the answer has them all.
    refetchInterval: (query) => ((query.state.data?.pages[0]?.indexing ?? 0) > 0 ? 2_000 : false),
    staleTime: 0,
    refetchOnMount: 'always',
    meta: { persist: false },
  });
}

export function handleStatsQueryOptions(handle: string) {
  return queryOptions({
    queryKey: archiveSearchKeys.stats(handle),
    queryFn: ({ signal }) => fetchHandleStats(handle, signal),
    staleTime: 0,
    refetchOnMount: 'always',
    meta: { persist: false },
  });
}
