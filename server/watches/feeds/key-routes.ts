import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { feedKeyAnswer } from '../../../src/contract/watch-feeds.ts';
import { answerSchema } from '../../http/contract-schema.ts';
import { refuse, refuseOtherMethods } from '../../proxy/api-rules.ts';
import { sendJson } from '../../proxy/send.ts';
import { SERVER_HOLDER, type FeedKeys } from './feed-keys.ts';

/** Whose key a request reads: the asker's own, or the server's where nobody signs in. */
const holderOf = (request: FastifyRequest) => request.person?.name ?? SERVER_HOLDER;

/**
 * `/api/_watches/feed` (#37 part 4): the asker's own feed key, and its reset. Free; each person reaches only their
 * own key (viewers too: a key only reads), under the app's /api rules (its headers, its guard).
 */
export function feedKeyRoutes(keys: FeedKeys): FastifyPluginAsync {
  return async (api) => {
    api.get(
      '/_watches/feed',
      { schema: { response: { 200: answerSchema(feedKeyAnswer) } }, config: { access: 'watches' } },
      async (request, reply) => sendJson(reply, 200, { key: await keys.keyOf(holderOf(request)) }),
    );
    api.post<{ Body: unknown }>(
      '/_watches/feed/reset',
      {
        schema: { response: { 200: answerSchema(feedKeyAnswer) } },
        config: { access: 'watches', body: { maxBytes: 1024, json: true } },
      },
      async (request, reply) => {
        const body = request.body as Record<string, unknown>;
        if (Object.keys(body).length > 0)
          refuse(400, 'bad_request', 'The body must be {}: a reset takes nothing, and gives a new key.');
        return sendJson(reply, 200, { key: await keys.reset(holderOf(request)) });
      },
    );
    refuseOtherMethods(api, '/_watches/feed', ['GET']);
    refuseOtherMethods(api, '/_watches/feed/reset', ['POST']);
  };
}
