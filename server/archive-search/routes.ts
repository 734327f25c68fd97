import type { IncomingMessage, ServerResponse } from 'node:http';
import * as v from 'valibot';
import { HEADER } from '../../src/contract/index.ts';
import { normalisedError } from '../proxy/errors.ts';
import { sendError, sendJson } from '../proxy/send.ts';
import type { Db } from '../store/open.ts';
import { archivedItems } from './cards.ts';
import { unindexedPages, type PostIndexer } from './indexer.ts';
import { describeIssues, encodeCursor, findQuery, queryObject, statsQuery } from './params.ts';
import { findPosts } from './query.ts';
import { handleStats } from './stats.ts';

const PAGE = 20;

/** Nothing here reaches the upstream: the answers come from the store alone and cost nothing. */
const FREE = { [HEADER.credits]: '0' };

/** Long enough for the pages of a purchase a moment ago; a find never waits longer for the indexer. */
const INDEXING_WAIT_MS = 250;

/**
 * Starts a catch-up with the archive and waits for it briefly; resolves with how many bought pages are still
 * to be indexed (0 if it finished in time). After a burst of purchases the indexer may be thousands of pages
 * behind: a find that waited for it took 17 s. It answers from what is indexed, and says what is not yet.
 */
async function stillIndexing(db: Db, indexer: Pick<PostIndexer, 'catchUp'>): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), INDEXING_WAIT_MS);
  });
  // A catch-up that fails leaves its pages unindexed, and counted below: the next find starts another.
  const caughtUp = await Promise.race([
    indexer.catchUp().then(
      () => true,
      () => false,
    ),
    late,
  ]);
  clearTimeout(timer);
  return caughtUp ? 0 : unindexedPages(db);
}

async function find(url: URL, response: ServerResponse, db: Db, indexer: Pick<PostIndexer, 'catchUp'>) {
  const parsed = v.safeParse(findQuery, queryObject(url));
  if (!parsed.success)
    return sendError(response, normalisedError(400, 'bad_request', `Bad find: ${describeIssues(parsed.issues)}`));
  const { before, ...filters } = parsed.output;
  const indexing = await stillIndexing(db, indexer);
  const page = await findPosts(db, filters, before ?? null, PAGE);
  const items = await archivedItems(db, page.rows);
  return sendJson(
    response,
    200,
    {
      credits: '0',
      // Bought pages not yet searchable: this answer is without them.
      indexing,
      total: page.total,
      next: page.next ? encodeCursor(page.next) : null,
      hits: page.rows.map((row, index) => ({
        kind: row.kind,
        postId: row.post_id,
        author: row.author,
        shownAuthor: row.shown_author,
        createdAt: row.created_at,
        media: row.has_media === 1,
        snippet: row.snippet,
        item: items[index] ?? null,
        from: {
          purchaseId: row.purchase_id,
          boughtAt: row.bought_at,
          pageKey: row.page_key,
          operation: row.operation,
          subject: row.subject,
        },
      })),
    },
    FREE,
  );
}

async function stats(url: URL, response: ServerResponse, db: Db, indexer: Pick<PostIndexer, 'catchUp'>) {
  const parsed = v.safeParse(statsQuery, queryObject(url));
  if (!parsed.success)
    return sendError(response, normalisedError(400, 'bad_request', `Bad stats: ${describeIssues(parsed.issues)}`));
  const indexing = await stillIndexing(db, indexer);
  return sendJson(response, 200, { credits: '0', indexing, ...(await handleStats(db, parsed.output.handle)) }, FREE);
}

/** `/api/_archive/search` and `/api/_archive/stats`: free full-text search and statistics over everything bought. */
export async function handleArchiveRoute(
  subpath: string,
  url: URL,
  request: IncomingMessage,
  response: ServerResponse,
  db: Db,
  indexer: Pick<PostIndexer, 'catchUp'>,
) {
  if (request.method !== 'GET')
    return sendError(response, normalisedError(405, 'bad_request', 'The archive search is read-only: GET only'), {
      allow: 'GET',
    });
  if (subpath === '/search') return find(url, response, db, indexer);
  if (subpath === '/stats') return stats(url, response, db, indexer);
  return sendError(
    response,
    normalisedError(404, 'not_found', 'No such archive endpoint: /api/_archive/search or /api/_archive/stats'),
  );
}
