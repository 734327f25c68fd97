import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { canonicalParams } from '../../src/contract/identity.ts';
import { isSpeculative } from '../http/navigation-intent.ts';
import { otherMethods, refuse } from './api-rules.ts';
import { HEADER } from '../../src/contract/index.ts';
import { buyForAskers } from '../purchase/purchase.ts';
import { MAX_BODY_BYTES, OPERATIONS, type Route } from './operations.ts';
import { paramsProblem } from './validate.ts';
import { PAID_PARAMS } from '../../src/contract/paid-params.ts';
import { requestSchema, type JsonSchema } from '../http/contract-schema.ts';

/**
 * The two paid routes, the only ones that reach the upstream. Their parameters are refused before any
 * journal entry or upstream call when the contract's rules say so (src/contract/paid-params.ts; the schema below is derived from them) (one message naming
 * every field at fault, from validate.ts), then put in the canonical form the browser's page identity uses
 * (`ADA` is `ada`, a search always says its num and page), so one page is one purchase.
 */

/** What each operation takes, for Fastify to check, derived from the contract; validate.ts words every refusal. */
const PARAMS_SCHEMAS: Record<Route['operation'], JsonSchema> = {
  timeline: requestSchema(PAID_PARAMS.timeline, { closed: true, refinedLater: true }),
  search: requestSchema(PAID_PARAMS.search, { closed: true, refinedLater: true }),
};

const paramsOf = (route: Route, request: FastifyRequest) =>
  (route.method === 'POST' ? request.body : request.query) as Record<string, unknown>;

/** A prerendering document's requests carry Sec-Purpose: it buys once it is shown, not before. */
async function refuseSpeculative(request: FastifyRequest) {
  if (isSpeculative(request.headers))
    refuse(
      403,
      'auth',
      'Refused: a page the browser loaded ahead of time (Sec-Purpose) buys nothing until it is shown',
    );
}

/** A parameter in the address of a POST would be silently ignored; saying so is cheaper than a wrong purchase. */
function refuseParamsInAddress(pathname: string) {
  return async (request: FastifyRequest) => {
    const inAddress = Object.keys(request.query as object);
    if (inAddress.length > 0)
      refuse(
        400,
        'bad_request',
        `Not sent, nothing charged: ${pathname} takes its parameters in the JSON body, not in the address (${inAddress.join(', ')})`,
      );
  };
}

/** The paid pages' area: its routes buy through server/purchase/purchase.ts with the /api instance's services. */
export const paidRoutes: FastifyPluginAsync = async (api) => {
  const { services } = api;
  for (const [pathname, route] of Object.entries(OPERATIONS)) {
    const url = pathname.slice('/api'.length);
    const schema = PARAMS_SCHEMAS[route.operation];
    api.route({
      method: route.method,
      url,
      schema: route.method === 'POST' ? { body: schema } : { querystring: schema },
      onRequest: route.method === 'POST' ? [refuseSpeculative, refuseParamsInAddress(pathname)] : [refuseSpeculative],
      config: {
        access: 'page',
        paid: true,
        ...(route.method === 'POST' ? { body: { maxBytes: MAX_BODY_BYTES, json: true } } : {}),
        bodyRefusal: (message) => `Not sent, nothing charged: ${message}`,
        refusal: (request) => paramsProblem(route, paramsOf(route, request)),
      },
      handler: async (request, reply) => {
        const asked = paramsOf(route, request);
        const problem = paramsProblem(route, asked);
        if (problem) refuse(400, 'bad_request', problem);
        // The answer is the purchase's own (status, body, headers), written as it comes for every asker of the page.
        reply.hijack();
        await buyForAskers(
          services,
          route,
          canonicalParams(route.operation, asked),
          {
            // An explicit Refresh or Check for new posts: buy the page again even if the archive has a fresh copy.
            fresh: request.headers[HEADER.refresh] === '1',
            // A browser replacing its own older copy with the archive's newer one: served free or not at all.
            archivedOnly: request.headers[HEADER.archivedOnly] === '1',
          },
          reply.raw,
          { person: request.person, stillAsking: request.stillAsking ?? undefined },
        );
      },
    });
    api.route({
      method: otherMethods(route.method),
      url,
      onRequest: refuseSpeculative,
      config: { access: 'wrong-address' },
      handler: async () =>
        refuse(405, 'bad_request', `${pathname} accepts ${route.method} only`, { allow: route.method }),
    });
  }
};
