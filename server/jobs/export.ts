import type { ServerResponse } from 'node:http';
import * as v from 'valibot';
import { postSchema } from '../../src/api/schemas/post.ts';
import type { Post } from '../../src/api/types.ts';
import { csvLineOf, POST_COLUMNS, postRow, webResultRow } from '../../src/lib/post-export.ts';
import type { JobStore } from './job-store.ts';
import type { ItemRow } from './job-store.ts';
import { readSearch, readTimeline } from './pages.ts';

/** One row per post or search result a job obtained, with the page and the purchase it came from. */
export interface ExportRow {
  job: string;
  position: number;
  kind: 'timeline' | 'search';
  subject: string;
  page: number;
  purchaseId: string;
  fromArchive: boolean;
  /** The post or result as the upstream sent it. */
  item: unknown;
}

/** Every row of a job, page after page from the archive, a batch of pages at a time. */
export async function* exportRows(store: JobStore, jobId: string): AsyncGenerator<ExportRow> {
  const items = new Map<number, ItemRow>((await store.items(jobId)).map((item) => [item.position, item]));
  for await (const page of store.pages(jobId)) {
    const item = items.get(page.position);
    if (!item || page.body === null) continue;
    const raw = item.kind === 'timeline' ? readTimeline(page.body)?.raw : readSearch(page.body)?.raw;
    for (const entry of raw ?? []) {
      yield {
        job: jobId,
        position: page.position,
        kind: item.kind,
        subject: item.subject,
        page: page.page_index + 1,
        purchaseId: page.purchase_id,
        fromArchive: page.from_archive === 1,
        item: entry,
      };
    }
  }
}

/** The post as the app reads it, in the export shape every post export shares (src/lib/post-export.ts). */
function postOf(row: ExportRow): Post | null {
  if (row.kind !== 'timeline') return null;
  const parsed = v.safeParse(postSchema, row.item);
  return parsed.success ? parsed.output : null;
}

/** Each line holds the raw answer (`item`) and, for a post, the same row the CSV and the app's exports write. */
export function ndjsonLine(origin = '') {
  return (row: ExportRow) => {
    const post = postOf(row);
    return `${JSON.stringify({ ...row, ...(post ? { post: postRow(post, { owner: row.subject, origin }) } : {}) })}\n`;
  };
}

/** Where each row comes from, then the columns every post export has (a search result's title and url among them). */
const JOB_COLUMNS = ['job', 'item', 'kind', 'subject', 'page', 'purchase_id', 'from_archive'] as const;
const COLUMNS = [...JOB_COLUMNS, ...POST_COLUMNS] as const;
export const CSV_HEADER = `${COLUMNS.join(',')}\r\n`;

/** A CSV line: a post in the shared post columns (its `url` absolute with `origin`); a search result as every export writes one. */
export function csvLine(origin = '') {
  return (row: ExportRow): string => {
    const post = postOf(row);
    const result = row.kind === 'search' ? ((row.item ?? {}) as { title?: unknown; url?: unknown }) : {};
    const fields: Record<(typeof COLUMNS)[number], string | number | boolean | null> = {
      job: row.job,
      item: row.position,
      kind: row.kind,
      subject: row.subject,
      page: row.page,
      purchase_id: row.purchaseId,
      from_archive: row.fromArchive,
      ...(post
        ? postRow(post, { owner: row.subject, origin })
        : webResultRow({
            url: typeof result.url === 'string' ? result.url : null,
            title: typeof result.title === 'string' ? result.title : null,
          })),
    };
    return csvLineOf(COLUMNS, fields);
  };
}

/** Streams lines with backpressure: a job of a thousand pages is never held in memory. */
export async function streamLines(
  response: ServerResponse,
  contentType: string,
  filename: string,
  lines: AsyncIterable<string>,
) {
  response.writeHead(200, {
    'content-type': contentType,
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'no-store',
  });
  for await (const line of lines) {
    if (response.destroyed) return;
    if (!response.write(line)) await new Promise((resolve) => response.once('drain', resolve));
  }
  response.end();
}

export async function* lines<T>(rows: AsyncIterable<T>, line: (row: T) => string, header = '') {
  if (header) yield header;
  for await (const row of rows) yield line(row);
}
