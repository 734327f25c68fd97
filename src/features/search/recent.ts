import * as v from 'valibot';
import type { SearchParams } from '../../api/search';
import { decimal } from '../../contract/decimal';

/** Bump the version when the stored shape changes: an old list is then ignored, never misread. */
export const RECENT_KEY = 'creditscope.search.recent.v1';
export const RECENT_LIMIT = 10;

export interface RecentSearch {
  params: SearchParams;
  /** Credits the search cost when it was bought. */
  credits: string;
  /** When it was last run (ms since the epoch). */
  at: number;
}

const paramsSchema = v.object({
  q: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(500)),
  num: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))),
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  site: v.optional(v.pipe(v.string(), v.maxLength(253))),
  hl: v.optional(v.pipe(v.string(), v.maxLength(12))),
});

const entrySchema = v.object({
  params: paramsSchema,
  credits: decimal,
  at: v.pipe(v.number(), v.finite()),
});

/** Same search, same entry: the key the list is de-duplicated by. */
export function recentKey(params: SearchParams): string {
  return JSON.stringify([params.q, params.num ?? null, params.page ?? null, params.site ?? null, params.hl ?? null]);
}

/** "page 2 · site:example.org · hl:de · num:20": every parameter besides the words, the page first. */
export function searchOptionsLabel(params: SearchParams): string {
  return [
    `page ${params.page ?? 1}`,
    params.site && `site:${params.site}`,
    params.hl && `hl:${params.hl}`,
    params.num !== undefined && `num:${params.num}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Whatever is in storage (garbage, an old shape, hand edits) → the valid entries, newest first, at most the limit. */
export function parseRecent(raw: string | null): RecentSearch[] {
  if (!raw) return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return [];
  }
  const items = (json as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return [];
  const entries: RecentSearch[] = [];
  for (const item of items) {
    const parsed = v.safeParse(entrySchema, item);
    if (!parsed.success) continue;
    const { q, num, page, site, hl } = parsed.output.params;
    const params: SearchParams = {
      q,
      ...(num !== undefined && { num }),
      ...(page !== undefined && { page }),
      ...(site && { site }),
      ...(hl && { hl }),
    };
    entries.push({ params, credits: parsed.output.credits, at: parsed.output.at });
  }
  const seen = new Set<string>();
  return entries
    .sort((a, b) => b.at - a.at)
    .filter((entry) => {
      const key = recentKey(entry.params);
      return !seen.has(key) && seen.add(key);
    })
    .slice(0, RECENT_LIMIT);
}

export function serializeRecent(entries: RecentSearch[]): string {
  return JSON.stringify({ items: entries });
}

/** The entry moves to the top; an older run of the same search is replaced. */
export function withRecent(entries: RecentSearch[], entry: RecentSearch): RecentSearch[] {
  const key = recentKey(entry.params);
  return [entry, ...entries.filter((existing) => recentKey(existing.params) !== key)].slice(0, RECENT_LIMIT);
}
