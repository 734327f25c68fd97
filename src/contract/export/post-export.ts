import type { Post } from '../upstream/types';
import { csvLineOf } from './csv';

export { csvLineOf } from './csv';

/**
 * One shape for a post in every export (timeline, jobs, find; CSV and JSON alike), so files from different
 * pages line up column for column. A web search result is not a post: it has its own columns
 * (src/contract/export/result-export.ts). Pure: the browser's exports and the server's job export both use it.
 *
 * A repost is one row shaped one way: `id` is the timeline entry (the repost), the content columns are the
 * original's (its author, text, counts, media), `repost_of` is the original's id and `reposted_by` who reposted it.
 * Rows keep the order they were shown in.
 */
export const POST_COLUMNS = [
  'id',
  'created_at',
  'author_handle',
  'author_name',
  'text',
  'lang',
  'replies',
  'reposts',
  'quotes',
  'favorites',
  'bookmarks',
  'views',
  'repost_of',
  'reposted_by',
  'reply_to',
  'quoted',
  'photos',
  'videos',
  'source',
  'url',
  'platform_url',
] as const;

export type PostColumn = (typeof POST_COLUMNS)[number];
export type PostRow = Record<PostColumn, string | number | null>;

/** The post's free page in this app: absolute with an origin (a link a teammate can open), else its path. */
export function postPageUrl(handle: string, id: string, origin = ''): string {
  return `${origin}/timeline/${encodeURIComponent(handle)}/post/${encodeURIComponent(id)}`;
}

/**
 * A post as one export row. `owner` is the timeline it was bought with, the page's handle when the entry's
 * author has none (as the card's own link does); `origin` makes `url` absolute.
 */
export function postRow(post: Post, { owner, origin = '' }: { owner: string; origin?: string }): PostRow {
  const shown = post.repostOf ?? post;
  return {
    id: post.id,
    created_at: shown.createdAt,
    author_handle: shown.author?.handle || null,
    author_name: shown.author?.name ?? null,
    text: shown.text,
    lang: shown.lang,
    replies: shown.counts.replies,
    reposts: shown.counts.reposts,
    quotes: shown.counts.quotes,
    favorites: shown.counts.favorites,
    bookmarks: shown.counts.bookmarks,
    views: shown.counts.views,
    repost_of: post.repostOf?.id ?? null,
    reposted_by: post.repostOf ? post.author?.handle || null : null,
    reply_to: shown.replyToId,
    quoted: shown.quoted?.id ?? null,
    photos: shown.media.filter((item) => item.kind === 'photo').length,
    videos: shown.media.filter((item) => item.kind === 'video').length,
    source: post.source,
    url: postPageUrl(post.author?.handle || owner, post.id, origin),
    platform_url: shown.permalink ?? null,
  };
}

export function postRowsCsv(rows: readonly PostRow[]): string {
  return `${POST_COLUMNS.join(',')}\r\n${rows.map((row) => csvLineOf(POST_COLUMNS, row)).join('')}`;
}

export function postRowsJson(rows: readonly PostRow[]): string {
  return `${JSON.stringify(rows, null, 2)}\n`;
}
