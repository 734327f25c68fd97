import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { HEADER } from '../../src/contract/index.ts';
import { otherMethods, refuse } from '../proxy/api-rules.ts';
import { sendJson } from '../proxy/send.ts';
import type { Db } from '../store/open.ts';
import { archivedItems } from './cards.ts';
import { unindexedPages, type PostIndexer } from './indexer.ts';
import { describeIssues, encodeCursor, findQuery, statsQuery } from './params.ts';
import { findPosts } from './query.ts';
import { findPageSchema, handleStatsSchema } from '../../src/contract/find.ts';
import { findQueryTextSchema, statsQueryTextSchema } from '../../src/contract/requests.ts';
import { answerSchema, requestSchema } from '../http/contract-schema.ts';
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

/** The routes' Fastify schemas, derived from the contract (src/contract/find.ts). */
const SCHEMAS = {
  find: { querystring: requestSchema(findQueryTextSchema), response: { 200: answerSchema(findPageSchema) } },
  stats: { querystring: requestSchema(statsQueryTextSchema), response: { 200: answerSchema(handleStatsSchema) } },
};

/** A query refused by findQuery or statsQuery, each bad field named. */
function queryProblem(prefix: string, schema: typeof findQuery | typeof statsQuery) {
  return (request: FastifyRequest) => {
    const parsed = v.safeParse(schema, request.query);
    return `${prefix}: ${parsed.success ? 'each field may be given once' : describeIssues(parsed.issues)}`;
  };
}

/** `/api/_archive/search` and `/api/_archive/stats`: free full-text search and statistics over everything bought. */
export function archiveRoutes(db: Db, indexer: Pick<PostIndexer, 'catchUp'>): FastifyPluginAsync {
  return async (api) => {
    api.get(
      '/_archive/search',
      {
        schema: SCHEMAS.find,
        config: { access: 'read', refusal: queryProblem('Bad find', findQuery) },
      },
      async (request, reply) => {
        const parsed = v.safeParse(findQuery, request.query);
        if (!parsed.success) refuse(400, 'bad_request', `Bad find: ${describeIssues(parsed.issues)}`);
        const { before, ...filters } = parsed.output;
        const indexing = await stillIndexing(db, indexer);
        const page = await findPosts(db, filters, before ?? null, PAGE);
        const items = await archivedItems(db, page.rows);
        return sendJson(
          reply,
          200,
          {
            credits: '0',
            // Bought pages not yet searchable: this answer is without them.
            indexing,
            total: page.total,
            moreThanTotal: page.moreThanTotal,
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
                person: row.person,
              },
            })),
          },
          FREE,
        );
      },
    );

    api.get(
      '/_archive/stats',
      {
        schema: SCHEMAS.stats,
        config: { access: 'read', refusal: queryProblem('Bad stats', statsQuery) },
      },
      async (request, reply) => {
        const parsed = v.safeParse(statsQuery, request.query);
        if (!parsed.success) refuse(400, 'bad_request', `Bad stats: ${describeIssues(parsed.issues)}`);
        const indexing = await stillIndexing(db, indexer);
        return sendJson(reply, 200, { credits: '0', indexing, ...(await handleStats(db, parsed.output.handle)) }, FREE);
      },
    );

    const readOnly = async () =>
      refuse(405, 'bad_request', 'The archive search is read-only: GET only', { allow: 'GET' });
    api.route({
      method: otherMethods('GET'),
      url: '/_archive/*',
      config: { access: 'wrong-address' },
      handler: readOnly,
    });
    api.get('/_archive/*', { config: { access: 'wrong-address' } }, async () =>
      refuse(404, 'not_found', 'No such archive endpoint: /api/_archive/search or /api/_archive/stats'),
    );
  };
}
