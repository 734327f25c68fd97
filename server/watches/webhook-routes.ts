import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { deliveriesAnswer, webhookAnswer, type Delivery, type Webhook } from '../../src/contract/watch-webhooks.ts';
import { answerSchema } from '../http/contract-schema.ts';
import { refuse } from '../proxy/api-rules.ts';
import { sendJson } from '../proxy/send.ts';
import type { WatchesContext } from './actions.ts';
import { webhookUrlProblems } from './webhook-url.ts';
import { webhookRequest } from '../../src/contract/watch-webhook-requests.ts';
import { personScope, watchScope, type DeliveryRow, type WebhookRow } from './webhook-store.ts';
import type { WatchRow } from './watch-store.ts';

const ms = (at: string) => new Date(at).getTime();

function webhookView(row: WebhookRow | undefined): Webhook | null {
  if (!row) return null;
  return {
    scope: row.watch_id === null ? 'person' : 'watch',
    url: row.url,
    secret: row.secret,
    updatedAt: ms(row.updated_at),
  };
}

function deliveryView(row: DeliveryRow & { url: string | null }): Delivery {
  return {
    id: row.id,
    runId: row.run_id,
    watchId: row.watch_id,
    scope: row.scope.startsWith('watch:') ? 'watch' : 'person',
    url: row.url,
    items: row.items,
    state: row.state,
    attempts: row.attempts,
    createdAt: ms(row.created_at),
    lastAttemptAt: row.last_attempt_at === null ? null : ms(row.last_attempt_at),
    nextAttemptAt: row.state === 'pending' && row.next_attempt_at !== null ? ms(row.next_attempt_at) : null,
    lastStatus: row.last_status,
    lastError: row.last_error,
  };
}

const EXAMPLE = '{"url":"https://hooks.example.com/creditscope"} (add "resetSecret":true for a new secret)';
const BODY = {
  body: { maxBytes: 8 * 1024, json: true },
  bodyRefusal: (message: string) => `${message}. The body must be a JSON object like ${EXAMPLE}`,
};

type ById = { Params: { id: string } };

/**
 * The webhook routes under /api/_watches (src/contract/watch-webhooks.ts lists them): free, a person's own
 * (another's watch is 404, as one that does not exist); setting or removing one is the `watch` action (as any
 * change to a watch), reading it (its secret shown to its owner) and its deliveries `watches`.
 */
export function webhookRoutes(
  api: FastifyInstance,
  context: WatchesContext,
  found: (request: FastifyRequest<ById>) => Promise<WatchRow>,
): [string, string[]][] {
  const ownScope = (request: FastifyRequest) => personScope(request.person?.name ?? null);
  const forWatch = async (request: FastifyRequest<ById>) => {
    const watch = await found(request);
    return { scope: watchScope(watch.id), owner: { watchId: watch.id, person: watch.owner } };
  };
  const forPerson = async (request: FastifyRequest) => ({
    scope: ownScope(request),
    owner: { watchId: null, person: request.person?.name ?? null },
  });

  const read =
    (locate: (request: FastifyRequest<ById>) => Promise<{ scope: string }>) => async (request: FastifyRequest<ById>) =>
      webhookView(await context.hooks.get((await locate(request)).scope));

  const put =
    (
      locate: (
        request: FastifyRequest<ById>,
      ) => Promise<{ scope: string; owner: { watchId: string | null; person: string | null } }>,
    ) =>
    async (request: FastifyRequest<ById & { Body: unknown }>) => {
      // Whose it is first: another's watch is 404 whatever was sent.
      const { scope, owner } = await locate(request);
      const parsed = v.safeParse(webhookRequest, request.body);
      if (!parsed.success)
        refuse(
          400,
          'bad_request',
          `Nothing saved: ${parsed.issues.map((issue) => issue.message).join('; ')}. Send ${EXAMPLE}`,
        );
      const problems = webhookUrlProblems(parsed.output.url, context.allowPrivateWebhooks);
      if (problems.length > 0) refuse(400, 'bad_request', `Nothing saved: ${problems.join('; ')}`);
      return webhookView(await context.hooks.put(scope, owner, parsed.output.url, parsed.output.resetSecret === true));
    };

  const routes: [string, string[]][] = [];
  for (const [url, locate] of [
    ['/_watches/webhook', forPerson],
    ['/_watches/:id/webhook', forWatch],
  ] as const) {
    api.get<ById>(
      url,
      { schema: { response: { 200: answerSchema(webhookAnswer) } }, config: { access: 'watches' } },
      async (request, reply) => sendJson(reply, 200, { webhook: await read(locate)(request) }),
    );
    // DELETE before PUT: both are the action `watch` on one address (the access walk keeps the last one).
    api.delete<ById>(url, { config: { access: 'watch' } }, async (request, reply) => {
      const { scope } = await locate(request);
      if (!(await context.hooks.remove(scope))) refuse(404, 'not_found', 'No webhook is set here');
      return reply.code(204).header('cache-control', 'no-store').send();
    });
    api.put<ById & { Body: unknown }>(url, { config: { ...BODY, access: 'watch' } }, async (request, reply) =>
      sendJson(reply, 200, { webhook: await put(locate)(request) }),
    );
    routes.push([url, ['GET', 'PUT', 'DELETE']]);
  }
  api.get<ById>(
    '/_watches/:id/deliveries',
    { schema: { response: { 200: answerSchema(deliveriesAnswer) } }, config: { access: 'watches' } },
    async (request, reply) => {
      const watch = await found(request);
      return sendJson(reply, 200, { deliveries: (await context.hooks.deliveries(watch.id)).map(deliveryView) });
    },
  );
  routes.push(['/_watches/:id/deliveries', ['GET']]);
  return routes;
}
