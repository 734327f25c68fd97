import { csvCell } from '../../lib/csv';
import type { Post } from '../../api/types';
import { downloadText } from '../../lib/download';

const COLUMNS = [
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
  'reply_to',
  'quoted',
  'photos',
  'videos',
  'source',
] as const;

function row(post: Post): (string | number | null)[] {
  const shown = post.repostOf ?? post;
  return [
    post.id,
    post.createdAt,
    post.author?.handle ?? null,
    post.author?.name ?? null,
    shown.text,
    shown.lang,
    shown.counts.replies,
    shown.counts.reposts,
    shown.counts.quotes,
    shown.counts.favorites,
    shown.counts.bookmarks,
    shown.counts.views,
    post.repostOf?.id ?? null,
    post.replyToId,
    shown.quoted?.id ?? null,
    shown.media.filter((item) => item.kind === 'photo').length,
    shown.media.filter((item) => item.kind === 'video').length,
    post.source,
  ];
}

export { csvCell } from '../../lib/csv';

export function postsToCsv(posts: readonly Post[]): string {
  return [COLUMNS.join(','), ...posts.map((post) => row(post).map(csvCell).join(','))].join('\r\n') + '\r\n';
}

export function postsToJson(posts: readonly Post[]): string {
  return `${JSON.stringify(posts, null, 2)}\n`;
}

/** `ada-timeline-2024-05-01.csv`: a file name that says whose posts and when. */
export function exportFileName(who: string, extension: 'csv' | 'json', now = new Date()): string {
  const safe = who.replace(/[^A-Za-z0-9_-]+/g, '') || 'timeline';
  return `${safe}-timeline-${now.toISOString().slice(0, 10)}.${extension}`;
}

/** Writes the loaded posts and saves them: this module is imported on the click, not with the timeline. */
export function savePosts(posts: readonly Post[], who: string, format: 'csv' | 'json') {
  if (format === 'json') downloadText(exportFileName(who, 'json'), 'application/json', postsToJson(posts));
  else downloadText(exportFileName(who, 'csv'), 'text/csv;charset=utf-8', postsToCsv(posts));
}
