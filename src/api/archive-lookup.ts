import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiFetch } from './client';
import { lookupAnswerSchema, MAX_LOOKUP_KEYS as MAX_KEYS, type LookupAnswer } from '../contract/lookup';

/**
 * A page the archive would serve free now: when it was bought, and until when it stays free (null: for good),
 * both the server's (ms since the epoch). The browser decides neither: the server's archive rule does.
 */
export interface FreeCopy {
  boughtAt: number;
  freeUntil: number | null;
}
/** One page of the server's answer (`/api/_history/lookup`, or a rendered page's own look-up) as the browser reads it. */
export function freeCopyOf(page: LookupAnswer['pages'][string] | undefined): FreeCopy | null {
  const boughtAt = Date.parse(page?.boughtAt ?? '');
  if (!Number.isFinite(boughtAt)) return null;
  const freeUntil = page?.freeUntil ? Date.parse(page.freeUntil) : null;
  // An end the browser cannot read is taken as now: the control shows its price, never a wrong "free".
  return { boughtAt, freeUntil: freeUntil === null || Number.isFinite(freeUntil) ? freeUntil : boughtAt };
}

/** Long enough for a list of cards mounting over a few frames to share one request. */
const BATCH_WINDOW_MS = 25;

/**
 * Whether the archive would serve each page free right now, or null. Free to ask. A server
 * without the look-up, or any failure, reads as "not archived": the control then shows its price, which
 * is never wrong about money, only sometimes pessimistic.
 */
async function lookUp(keys: readonly string[]): Promise<(FreeCopy | null)[]> {
  const query = new URLSearchParams();
  for (const key of keys) query.append('key', key);
  try {
    const parsed = v.safeParse(lookupAnswerSchema, (await apiFetch(`/api/_history/lookup?${query}`)).json);
    if (!parsed.success) return keys.map(() => null);
    const { pages } = parsed.output;
    return keys.map((key) => freeCopyOf(pages[key]));
  } catch {
    return keys.map(() => null);
  }
}

type Waiting = Map<string, ((copy: FreeCopy | null) => void)[]>;
/** The keys asked for in the window now open, each with whoever waits for its answer. */
let gathering: Waiting | null = null;

async function answer(waiting: Waiting) {
  const keys = [...waiting.keys()];
  const batches = Array.from({ length: Math.ceil(keys.length / MAX_KEYS) }, (_, index) =>
    keys.slice(index * MAX_KEYS, (index + 1) * MAX_KEYS),
  );
  await Promise.all(
    batches.map(async (batch) => {
      const found = await lookUp(batch);
      batch.forEach((key, index) => {
        for (const resolve of waiting.get(key)!) resolve(found[index] ?? null);
      });
    }),
  );
}

/**
 * Gathers the keys asked for within one short window into one request (deduplicated, at most MAX_KEYS
 * each); caching is left to TanStack Query, which keeps each answer briefly per key. A dozen lines instead
 * of DataLoader, which cost 1.6 KB gzipped of the start and timeline pages' first load.
 */
function load(key: string): Promise<FreeCopy | null> {
  return new Promise((resolve) => {
    if (!gathering) {
      const opened: Waiting = (gathering = new Map());
      setTimeout(() => {
        gathering = null;
        void answer(opened);
      }, BATCH_WINDOW_MS);
    }
    gathering.set(key, [...(gathering.get(key) ?? []), resolve]);
  });
}

export const archiveLookupKeys = {
  all: ['archive-lookup'] as const,
  page: (purchaseKey: string) => [...archiveLookupKeys.all, purchaseKey] as const,
};

/**
 * Whether the server's archive holds a page it would serve free. Short-lived (another browser can buy the
 * page, or the archived copy can age out), asked again on mount once stale, and never persisted.
 */
export function archiveLookupOptions(purchaseKey: string) {
  return queryOptions({
    queryKey: archiveLookupKeys.page(purchaseKey),
    queryFn: () => load(purchaseKey),
    staleTime: 30_000,
    gcTime: 5 * 60_000,
    refetchOnMount: true,
    retry: false,
    meta: { persist: false },
  });
}
