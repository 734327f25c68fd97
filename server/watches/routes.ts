import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HEADER } from '../../src/contract/index.ts';
import {
  NEW_ITEMS_PAGE,
  newCountAnswer,
  newItemsAnswer,
  watchAnswer,
  watchesAnswer,
  watchRunsAnswer,
} from '../../src/contract/watches.ts';
import { newItemsQuerySchema, type NewItemsQuery } from '../../src/contract/watch-requests.ts';
import { answerSchema, requestSchema } from '../http/contract-schema.ts';
import { ownerScope, withinScope, type Action } from '../identity/access.ts';
import { otherMethods, refuse } from '../proxy/api-rules.ts';
import { normalisedError } from '../proxy/errors.ts';
import { sendJson } from '../proxy/send.ts';
import { createWatch, listWatches, patchWatch, quoteDraft, runNow, viewOf, type WatchesContext } from './actions.ts';
import { itemView, runView } from './views.ts';
import type { ItemRow, UnseenCursor } from './watch-store.ts';
import { webhookRoutes } from './webhook-routes.ts';

const MAX_BODY = 64 * 1024;
const BODY = {
  body: { maxBytes: MAX_BODY, json: true },
  bodyRefusal: (message: string) =>
    `${message}. The body must be a JSON object under 64 KB, like {"kind":"timeline","target":{"screen_name":"ada"},"schedule":{"every":"1h"},"cap":{"credits":"2","per":"day"}}`,
};
const NO_SUCH_ENDPOINT =
  'No such watches endpoint: /api/_watches, /api/_watches/quote, /api/_watches/new[/seen|/count], /api/_watches/feed[/reset], /api/_watches/webhook, /api/_watches/<id>[/run|/runs|/webhook|/deliveries]';
const NEW_ITEMS_QUERY = `limit must be a whole number from 1 to ${NEW_ITEMS_PAGE.max}; before must be the next of an earlier answer`;
const READ = { access: 'wrong-address' } as const;

type ById = { Params: { id: string } };

/** What was asked of GET /api/_watches/new: a page size and where to continue, or a 400 saying what is wrong. */
function readNewItemsQuery(query: NewItemsQuery): { limit: number; before?: UnseenCursor } {
  const limit = query.limit === undefined ? NEW_ITEMS_PAGE.default : Number(query.limit);
  if (!/^\d+$/.test(query.limit ?? '1') || limit < 1 || limit > NEW_ITEMS_PAGE.max)
    refuse(400, 'bad_request', NEW_ITEMS_QUERY);
  if (query.before === undefined) return { limit };
  let before: Partial<UnseenCursor> | undefined;
  try {
    before = JSON.parse(Buffer.from(query.before, 'base64url').toString('utf8')) as typeof before;
  } catch {
    before = undefined;
  }
  const fields = [before?.foundAt, before?.watchId, before?.key];
  if (!fields.every((field) => typeof field === 'string')) refuse(400, 'bad_request', NEW_ITEMS_QUERY);
  return { limit, before: before as UnseenCursor };
}

/** The cursor after a full page's last item (a shorter page is the last). */
function nextOf(rows: ItemRow[], limit: number): string | null {
  const last = rows.at(-1);
  if (!last || rows.length < limit) return null;
  const cursor: UnseenCursor = { foundAt: last.found_at, watchId: last.watch_id, key: last.key };
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** Problems with what was sent: a 400 naming each, nothing stored or bought. */
function checked<T>(result: T | { problems: string[] }): T {
  if (typeof result === 'object' && result !== null && 'problems' in result)
    return refuse(400, 'bad_request', `Nothing saved or bought: ${result.problems.join('; ')}`);
  return result;
}

/**
 * `/api/_watches` (#37): a person's own watches (another's is 404, as one that does not exist), their quotes,
 * runs and what is new. Free, but for run now, which spends: priced first, under the owner's limits.
 */
export function watchRoutes(context: WatchesContext): FastifyPluginAsync {
  return async (api) => {
    const scopeOf = (request: FastifyRequest, action: Action = 'watches') => ownerScope(action, request.person);
    const found = async (request: FastifyRequest<ById>) => {
      const row = await context.store.get(request.params.id);
      const scope = scopeOf(request, request.routeOptions.config.access ?? 'watches');
      return row && withinScope(scope, row.owner) ? row : refuse(404, 'not_found', `No watch ${request.params.id}`);
    };

    api.get(
      '/_watches',
      { schema: { response: { 200: answerSchema(watchesAnswer) } }, config: { access: 'watches' } },
      async (request, reply) => sendJson(reply, 200, { watches: await listWatches(context, scopeOf(request)) }),
    );
    api.post<{ Body: unknown }>('/_watches', { config: { ...BODY, access: 'watch' } }, async (request, reply) =>
      sendJson(reply, 201, checked(await createWatch(context, request.body, request.person?.name ?? null))),
    );
    api.post<{ Body: unknown }>('/_watches/quote', { config: { ...BODY, access: 'watch' } }, async (request, reply) =>
      sendJson(reply, 200, checked(await quoteDraft(context, request.body))),
    );

    api.get<{ Querystring: NewItemsQuery }>(
      '/_watches/new',
      {
        schema: { querystring: requestSchema(newItemsQuerySchema), response: { 200: answerSchema(newItemsAnswer) } },
        config: { access: 'watches', refusal: NEW_ITEMS_QUERY },
      },
      async (request, reply) => {
        const scope = scopeOf(request);
        const page = readNewItemsQuery(request.query);
        const rows = await context.store.unseen(scope, page);
        const byWatch = await context.store.unseenByWatch(scope);
        const count = Object.values(byWatch).reduce((sum, each) => sum + each, 0);
        return sendJson(reply, 200, { items: rows.map(itemView), count, byWatch, next: nextOf(rows, page.limit) });
      },
    );
    // The navigation's number, on every page every 15 s: one count, no items.
    api.get(
      '/_watches/new/count',
      { schema: { response: { 200: answerSchema(newCountAnswer) } }, config: { access: 'watches' } },
      async (request, reply) => sendJson(reply, 200, { count: await context.store.unseenCount(scopeOf(request)) }),
    );
    api.post<{ Body: unknown }>(
      '/_watches/new/seen',
      { config: { ...BODY, access: 'watches' } },
      async (request, reply) => {
        const body = request.body as Record<string, unknown> | null;
        const extra = Object.keys(body ?? {}).filter((field) => field !== 'watchId');
        if (
          typeof body !== 'object' ||
          body === null ||
          Array.isArray(body) ||
          extra.length > 0 ||
          (body.watchId !== undefined && typeof body.watchId !== 'string')
        )
          refuse(400, 'bad_request', 'The body must be {} (mark every watch’s items seen) or {"watchId":"<id>"}');
        const mine = (await context.store.list(scopeOf(request))).map((row) => row.id);
        const watchId = body.watchId as string | undefined;
        if (watchId !== undefined && !mine.includes(watchId)) refuse(404, 'not_found', `No watch ${watchId}`);
        return sendJson(reply, 200, { marked: await context.store.markSeen(watchId ? [watchId] : mine) });
      },
    );

    const byId = (access: Action, extra: object = {}) => ({ config: { refusal: NO_SUCH_ENDPOINT, access, ...extra } });
    api.get<ById>(
      '/_watches/:id',
      { ...byId('watches'), schema: { response: { 200: answerSchema(watchAnswer) } } },
      async (request, reply) => {
        return sendJson(reply, 200, { watch: await viewOf(context, await found(request)) });
      },
    );
    // DELETE before PATCH: both are the action `watch` on one address, and the access walk sends the last one.
    api.delete<ById>('/_watches/:id', byId('watch'), async (request, reply) => {
      const id = (await found(request)).id;
      await context.hooks.removeWatch(id);
      await context.store.remove(id);
      return reply.code(204).header('cache-control', 'no-store').send();
    });
    api.patch<ById & { Body: unknown }>('/_watches/:id', byId('watch', BODY), async (request, reply) =>
      sendJson(reply, 200, checked(await patchWatch(context, await found(request), request.body))),
    );
    api.get<ById>(
      '/_watches/:id/runs',
      { ...byId('watches'), schema: { response: { 200: answerSchema(watchRunsAnswer) } } },
      async (request, reply) => {
        const row = await found(request);
        return sendJson(reply, 200, { runs: (await context.store.runs(row.id)).map(runView) });
      },
    );
    api.post<ById & { Body: unknown }>('/_watches/:id/run', byId('watch', BODY), async (request, reply) => {
      const result = await runNow(context, await found(request), request.body);
      if ('problems' in result) return checked(result);
      if ('busy' in result) return refuse(409, 'bad_request', result.busy);
      if ('changed' in result) {
        const failure = normalisedError(
          409,
          'bad_request',
          result.changed.perRun === null
            ? `Nothing bought: ${result.changed.text}.`
            : `The price of a run is now ${result.changed.perRun} credits (you accepted less): nothing was bought. Look at the new price and accept it to run.`,
        );
        return sendJson(reply, 409, { ...failure, quote: result.changed }, { [HEADER.charged]: 'no' });
      }
      return sendJson(reply, 200, result);
    });

    const wrongMethod = (wanted: string) => async (request: FastifyRequest) =>
      refuse(405, 'bad_request', `${request.url.split('?')[0]} accepts ${wanted} only`, { allow: wanted });
    const routes: [string, string[]][] = [
      ['/_watches', ['GET', 'POST']],
      ['/_watches/quote', ['POST']],
      ['/_watches/new', ['GET']],
      ['/_watches/new/count', ['GET']],
      ['/_watches/new/seen', ['POST']],
      ['/_watches/:id', ['GET', 'PATCH', 'DELETE']],
      ['/_watches/:id/runs', ['GET']],
      ['/_watches/:id/run', ['POST']],
      ...webhookRoutes(api, context, found),
    ];
    for (const [url, methods] of routes)
      api.route({ method: otherMethods(...methods), url, config: READ, handler: wrongMethod(methods.join(', ')) });
    api.all('/_watches/*', { config: READ }, async () => refuse(404, 'not_found', NO_SUCH_ENDPOINT));
  };
}
