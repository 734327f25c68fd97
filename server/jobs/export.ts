import type { ServerResponse } from 'node:http';
import * as v from 'valibot';
import { postSchema } from '../../src/api/schemas/post.ts';
import { csvCell } from '../../src/lib/csv.ts';
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

export const NDJSON_LINE = (row: ExportRow) => `${JSON.stringify(row)}\n`;

const COLUMNS = [
  'job',
  'item',
  'kind',
  'subject',
  'page',
  'purchase_id',
  'from_archive',
  'id',
  'created_at',
  'author',
  'text',
  'title',
  'url',
] as const;
export const CSV_HEADER = `${COLUMNS.join(',')}\r\n`;

/** A post read as the app reads it (its text, author and address); a search result's title and address. */
export function csvLine(row: ExportRow): string {
  const fields: Record<(typeof COLUMNS)[number], string | number | boolean> = {
    job: row.job,
    item: row.position,
    kind: row.kind,
    subject: row.subject,
    page: row.page,
    purchase_id: row.purchaseId,
    from_archive: row.fromArchive,
    id: '',
    created_at: '',
    author: '',
    text: '',
    title: '',
    url: '',
  };
  if (row.kind === 'timeline') {
    const post = v.safeParse(postSchema, row.item);
    if (post.success && post.output) {
      Object.assign(fields, {
        id: post.output.id,
        created_at: post.output.createdAt ?? '',
        author: post.output.author?.handle ?? '',
        text: post.output.text,
        url: post.output.permalink ?? '',
      });
    }
  } else {
    const result = (row.item ?? {}) as { title?: unknown; url?: unknown };
    Object.assign(fields, {
      title: typeof result.title === 'string' ? result.title : '',
      url: typeof result.url === 'string' ? result.url : '',
    });
  }
  return `${COLUMNS.map((column) => csvCell(fields[column])).join(',')}\r\n`;
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
