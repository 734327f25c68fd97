import type { Post } from '../../contract/upstream/types';
import { downloadText } from '../../lib/download';
import { postRow, postRowsCsv, postRowsJson } from '../../contract/export/post-export';

export { csvCell } from '../../contract/export/csv';

/** The posts as export rows (src/contract/export/post-export.ts), with links a teammate can open. */
function rowsOf(posts: readonly Post[], owner: string) {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return posts.map((post) => postRow(post, { owner, origin }));
}

export function postsToCsv(posts: readonly Post[], owner: string): string {
  return postRowsCsv(rowsOf(posts, owner));
}

export function postsToJson(posts: readonly Post[], owner: string): string {
  return postRowsJson(rowsOf(posts, owner));
}

/** `ada-timeline-2024-05-01.csv`: a file name that says whose posts and when. */
export function exportFileName(who: string, extension: 'csv' | 'json', now = new Date()): string {
  const safe = who.replace(/[^A-Za-z0-9_-]+/g, '') || 'timeline';
  return `${safe}-timeline-${now.toISOString().slice(0, 10)}.${extension}`;
}

/** Writes the posts shown (the filters applied) and saves them: this module is imported on the click. */
export function savePosts(posts: readonly Post[], who: string, format: 'csv' | 'json') {
  if (format === 'json') downloadText(exportFileName(who, 'json'), 'application/json', postsToJson(posts, who));
  else downloadText(exportFileName(who, 'csv'), 'text/csv;charset=utf-8', postsToCsv(posts, who));
}
