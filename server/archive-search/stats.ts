import type { Db } from '../store/open.ts';
import { withSearchTables } from './tables.ts';

export interface Counted {
  value: string;
  count: number;
}
export interface HandleStats {
  handle: string;
  /** Distinct posts (a post on two bought pages counts once), by kind. */
  totals: {
    posts: number;
    original: number;
    reposts: number;
    quotes: number;
    replies: number;
    withMedia: number;
    pages: number;
    purchases: number;
  };
  /** Share of posts with photos or video, 0 to 1 (0 when there are none). */
  mediaShare: number;
  perDay: { day: string; count: number }[];
  hashtags: Counted[];
  mentions: Counted[];
  domains: Counted[];
  first: string | null;
  last: string | null;
}

const TOP = 10;

function top(counts: Map<string, number>): Counted[] {
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
    .slice(0, TOP);
}

function tally(counts: Map<string, number>, spaced: string) {
  for (const value of spaced.split(' ')) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
}

/**
 * What a handle's bought timeline says about it: every post it put in its timeline (its reposts too, dated and
 * counted by the post shown), each once however many pages held it. Read from the index, counted here: a
 * handle's archive is thousands of rows at most, and one pass counts everything the page shows.
 */
export async function handleStats(db: Db, handle: string): Promise<HandleStats> {
  const rows = await withSearchTables(db.kysely)
    .selectFrom('archive_posts')
    .select([
      'post_id',
      'kind',
      'created_at',
      'has_media',
      'hashtags',
      'mentions',
      'domains',
      'page_key',
      'purchase_id',
    ])
    .where('author', '=', handle.toLowerCase())
    .where('kind', '!=', 'result')
    .orderBy('id')
    .execute();
  const seen = new Set<string>();
  const days = new Map<string, number>();
  const kinds = { post: 0, repost: 0, quote: 0, reply: 0 } as Record<string, number>;
  const hashtags = new Map<string, number>();
  const mentions = new Map<string, number>();
  const domains = new Map<string, number>();
  let withMedia = 0;
  for (const row of rows) {
    const key = row.post_id ?? `${row.page_key}#${row.created_at}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const day = row.created_at.slice(0, 10);
    days.set(day, (days.get(day) ?? 0) + 1);
    kinds[row.kind] = (kinds[row.kind] ?? 0) + 1;
    withMedia += row.has_media;
    tally(hashtags, row.hashtags);
    tally(mentions, row.mentions);
    tally(domains, row.domains);
  }
  const posts = seen.size;
  return {
    handle: handle.toLowerCase(),
    totals: {
      posts,
      original: kinds.post ?? 0,
      reposts: kinds.repost ?? 0,
      quotes: kinds.quote ?? 0,
      replies: kinds.reply ?? 0,
      withMedia,
      pages: new Set(rows.map((row) => row.page_key)).size,
      purchases: new Set(rows.map((row) => row.purchase_id)).size,
    },
    mediaShare: posts ? withMedia / posts : 0,
    perDay: [...days].map(([day, count]) => ({ day, count })),
    hashtags: top(hashtags),
    mentions: top(mentions),
    domains: top(domains),
    first: rows[0]?.created_at ?? null,
    last: rows[rows.length - 1]?.created_at ?? null,
  };
}
