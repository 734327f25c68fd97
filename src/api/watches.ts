import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiFetch, readApiResponse, sendApiRequest } from './client';
import { ApiError } from './errors';
import {
  newItemsAnswer,
  watchAnswer,
  watchesAnswer,
  watchQuoteAnswer,
  watchRunAnswer,
  watchRunsAnswer,
  WATCHES_PATH,
  type NewItem,
  type Watch,
  type WatchQuote,
  type WatchRun,
} from '../contract/watches';
// Types only: the request schemas stay on the server's side (src/contract/watch-requests.ts).
import type { WatchDraft, WatchPatch } from '../contract/watch-requests';

export type { NewItem, Watch, WatchDraft, WatchPatch, WatchQuote, WatchRun };

/** The Watches page's calls (src/contract/watches.ts). Everything here is free except `runWatch`, which buys. */
export const watchKeys = {
  all: ['watches'] as const,
  list: () => [...watchKeys.all, 'list'] as const,
  runs: (id: string) => [...watchKeys.all, 'runs', id] as const,
  newItems: () => [...watchKeys.all, 'new', 'items'] as const,
};

function parse<T extends v.GenericSchema>(schema: T, json: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, json);
  if (!result.success) throw new ApiError('invalid_response', 'The creditscope server sent an unexpected watch shape');
  return result.output;
}

const watchPath = (id: string) => `${WATCHES_PATH}/${encodeURIComponent(id)}`;

export async function fetchWatches(signal?: AbortSignal): Promise<Watch[]> {
  return parse(watchesAnswer, (await apiFetch(WATCHES_PATH, { signal })).json).watches;
}

/** Free: what a draft may cost, for the form's line before saving. */
export async function quoteWatch(draft: WatchDraft, signal?: AbortSignal): Promise<WatchQuote> {
  const answer = await apiFetch(`${WATCHES_PATH}/quote`, { method: 'POST', body: draft, signal });
  return parse(watchQuoteAnswer, answer.json).quote;
}

export async function createWatch(draft: WatchDraft): Promise<Watch> {
  return parse(watchAnswer, (await apiFetch(WATCHES_PATH, { method: 'POST', body: draft })).json).watch;
}

export async function changeWatch(id: string, patch: WatchPatch): Promise<Watch> {
  return parse(watchAnswer, (await apiFetch(watchPath(id), { method: 'PATCH', body: patch })).json).watch;
}

/** A 204 has no body to read: anything else is read as every answer is, to say why it was refused. */
export async function deleteWatch(id: string): Promise<void> {
  const pending = sendApiRequest(watchPath(id), { method: 'DELETE' });
  if ((await pending.catch(() => null))?.status === 204) return;
  await readApiResponse(pending);
}

/** Buys: one run now, at most the price per run its button showed (a higher price now is a 409). */
export async function runWatch(id: string, acceptedPerRun: string): Promise<{ run: WatchRun; watch: Watch }> {
  return parse(
    watchRunAnswer,
    (await apiFetch(`${watchPath(id)}/run`, { method: 'POST', body: { acceptedPerRun } })).json,
  );
}

export async function fetchWatchRuns(id: string, signal?: AbortSignal): Promise<WatchRun[]> {
  return parse(watchRunsAnswer, (await apiFetch(`${watchPath(id)}/runs`, { signal })).json).runs;
}

export type NewItemsPage = v.InferOutput<typeof newItemsAnswer>;

/** What is new shows this many items at first, and this many more on each "Show more" (free: all from the store). */
export const NEW_ITEMS_SHOWN = 25;

export async function fetchNewItems(before: string | null, signal?: AbortSignal): Promise<NewItemsPage> {
  const query = new URLSearchParams({ limit: String(NEW_ITEMS_SHOWN) });
  if (before) query.set('before', before);
  return parse(newItemsAnswer, (await apiFetch(`${WATCHES_PATH}/new?${query}`, { signal })).json);
}

export async function markSeen(watchId?: string): Promise<void> {
  await apiFetch(`${WATCHES_PATH}/new/seen`, { method: 'POST', body: watchId ? { watchId } : {} });
}

/** Runs happen on the server on their own: the list is read again this often while the page is open. */
const LIST_POLL_MS = 10_000;

export function watchesQueryOptions() {
  return queryOptions({
    queryKey: watchKeys.list(),
    queryFn: ({ signal }) => fetchWatches(signal),
    staleTime: 0,
    refetchInterval: LIST_POLL_MS,
    meta: { persist: false },
  });
}

/** Read again with the list: every page loaded so far, each from the fresh page before it (a cursor never goes stale). */
export function newItemsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: watchKeys.newItems(),
    queryFn: ({ pageParam, signal }) => fetchNewItems(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 0,
    refetchInterval: LIST_POLL_MS,
    meta: { persist: false },
  });
}
