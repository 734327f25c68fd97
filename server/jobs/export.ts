import * as v from 'valibot';
import { postSchema } from '../../src/contract/upstream/post.ts';
import type { Post } from '../../src/contract/upstream/types.ts';
import { SEARCH_DEFAULT_NUM } from '../../src/contract/identity.ts';
import { csvLineOf, POST_COLUMNS, postRow } from '../../src/contract/export/post-export.ts';
import { resultFieldsOf } from '../../src/contract/export/result-csv.ts';
import { RESULT_COLUMNS, resultExportRow } from '../../src/contract/export/result-export.ts';
import type { JobStore } from './job-store.ts';
import type { ItemRow } from './job-store.ts';
import { readSearch, readTimeline } from './pages.ts';
import type { PaidOperation } from '../../src/contract/operations.ts';

/** One row per post or search result a job obtained, with the page and the purchase it came from. */
export interface ExportRow {
  job: string;
  position: number;
  kind: PaidOperation;
  subject: string;
  page: number;
  purchaseId: string;
  fromArchive: boolean;
  /** Its place on the page, from 1. */
  onPage: number;
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
    for (const [index, entry] of (raw ?? []).entries()) {
      yield {
        job: jobId,
        position: page.position,
        kind: item.kind,
        subject: item.subject,
        page: page.page_index + 1,
        purchaseId: page.purchase_id,
        fromArchive: page.from_archive === 1,
        onPage: index + 1,
        item: entry,
      };
    }
  }
}

/** The post as the app reads it, in the export shape every post export shares (src/contract/export/post-export.ts). */
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

/**
 * A job's CSV holds one kind of row: posts in the columns every post export has, or web results in the columns
 * every result export has (src/contract/export/result-export.ts), never one padded with the other's empty columns. A job of
 * searches only gives results; any other gives posts unless results are asked for (`?rows=results`).
 */
export type CsvRows = 'posts' | 'results';

export function csvRowsOf(kinds: readonly ExportRow['kind'][], asked: unknown): CsvRows {
  if (asked === 'posts' || asked === 'results') return asked;
  return kinds.length > 0 && kinds.every((kind) => kind === 'search') ? 'results' : 'posts';
}

/** Where each row comes from, then the row's own columns (a result's page is among its own). */
const JOB_COLUMNS = ['job', 'item', 'kind', 'subject', 'page', 'purchase_id', 'from_archive'] as const;
const POST_CSV_COLUMNS = [...JOB_COLUMNS, ...POST_COLUMNS] as const;
const RESULT_CSV_COLUMNS = [...JOB_COLUMNS.filter((column) => column !== 'page'), ...RESULT_COLUMNS] as const;

export function csvHeader(rows: CsvRows): string {
  return `${(rows === 'posts' ? POST_CSV_COLUMNS : RESULT_CSV_COLUMNS).join(',')}\r\n`;
}

/** A CSV line of the kind asked for (other rows are left out): a post's `url` absolute with `origin`. */
export function csvLine(rows: CsvRows, origin = '') {
  return (row: ExportRow): string => {
    const source = {
      job: row.job,
      item: row.position,
      kind: row.kind,
      subject: row.subject,
      page: row.page,
      purchase_id: row.purchaseId,
      from_archive: row.fromArchive,
    };
    if (rows === 'results') {
      if (row.kind !== 'search') return '';
      const result = resultExportRow({
        ...resultFieldsOf(row.item),
        rank: (row.page - 1) * SEARCH_DEFAULT_NUM + row.onPage,
        page: row.page,
        query: row.subject,
      });
      return csvLineOf(RESULT_CSV_COLUMNS, { ...source, ...result });
    }
    const post = postOf(row);
    return post ? csvLineOf(POST_CSV_COLUMNS, { ...source, ...postRow(post, { owner: row.subject, origin }) }) : '';
  };
}
