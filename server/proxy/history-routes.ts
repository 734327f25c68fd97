import type { FastifyPluginAsync } from 'fastify';
import type { CreditPrice } from '../../src/contract/index.ts';
import type { Store } from '../store/store.ts';
import { otherMethods, refuse } from './api-rules.ts';
import { historyExportRoutes } from './history-exports.ts';
import { historyLookupRoutes } from './history-lookup.ts';
import { sendJson } from './send.ts';
import { historyPageSchema } from '../../src/contract/history.ts';
import { historyQuerySchema, type HistoryQuery } from '../../src/contract/requests.ts';
import { answerSchema, requestSchema } from '../http/contract-schema.ts';

const PAGE = 50;
const HISTORY_QUERY = 'operation must be timeline or search; subject at most 500 characters';
const CURSOR = 'before must be a cursor from a previous answer';

/** The route's Fastify schema, derived from the contract (src/contract/history.ts). */
const SCHEMA = { querystring: requestSchema(historyQuerySchema), response: { 200: answerSchema(historyPageSchema) } };

function readCursor(cursor: string): { boughtAt: string; pageKey: string } {
  let before: { boughtAt: string; pageKey: string } | undefined;
  try {
    before = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as typeof before;
  } catch {
    before = undefined;
  }
  if (!before || typeof before.boughtAt !== 'string' || typeof before.pageKey !== 'string')
    refuse(400, 'bad_request', CURSOR);
  return before;
}

/**
 * `/api/_history`: what this store has bought, openable and exportable without spending. The list is here; the
 * price look-up is history-lookup.ts, the period exports history-exports.ts.
 */
export function historyRoutes(store: Store, creditPrice: CreditPrice | null): FastifyPluginAsync {
  return async (api) => {
    // In this order, as the who-may-do-what table in docs/architecture.md lists them.
    await api.register(historyLookupRoutes(store));

    api.get<{ Querystring: HistoryQuery }>(
      '/_history',
      {
        schema: SCHEMA,
        config: { access: 'read', refusal: HISTORY_QUERY },
      },
      async (request, reply) => {
        const { subject, before: cursor } = request.query;
        const operation = request.query.operation || undefined;
        const before = cursor ? readCursor(cursor) : undefined;
        const page = await store.archive.history({ operation, subject, before, limit: PAGE });
        const subjects = before ? null : await store.archive.subjects();
        return sendJson(reply, 200, {
          subjects,
          entries: page.entries,
          next: page.next ? Buffer.from(JSON.stringify(page.next)).toString('base64url') : null,
        });
      },
    );

    await api.register(historyExportRoutes(store, creditPrice));

    // History is read-only, whatever the path under it; an unknown path is named with the ones there are.
    api.route({
      method: otherMethods('GET'),
      url: '/_history',
      config: { access: 'wrong-address' },
      handler: readOnly,
    });
    api.route({
      method: otherMethods('GET'),
      url: '/_history/*',
      config: { access: 'wrong-address' },
      handler: readOnly,
    });
    api.get('/_history/*', { config: { access: 'wrong-address' } }, async () =>
      refuse(
        404,
        'not_found',
        'No such history endpoint: /api/_history, /api/_history/archive.ndjson, /api/_history/ledger.csv or /api/_history/ledger.json',
      ),
    );
  };
}

async function readOnly(): Promise<never> {
  return refuse(405, 'bad_request', 'History is read-only: GET only');
}
