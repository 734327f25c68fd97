import type { IncomingMessage, ServerResponse } from 'node:http';
import { canonicalParams, purchaseKey } from '../../src/api/identity.ts';
import { HEADER } from '../../src/contract/index.ts';
import { Flights } from './coalesce.ts';
import { normalisedError, type NormalisedError } from './errors.ts';
import { MAX_BODY_BYTES, OPERATIONS, type Route } from './operations.ts';
import type { Purchaser } from './purchase.ts';
import { readJsonObject } from './json-body.ts';
import { BodyRefused } from './read-body.ts';
import { sendError } from './send.ts';
import { paramsProblem, queryParams } from './validate.ts';

export type { Upstream } from './attempt.ts';

/**
 * Validated as the browser sent them (a bad request is refused here, before any journal entry or
 * upstream call), then put in the canonical form the browser's page identity uses (`ADA` is `ada`,
 * a search always says its num and page), so one page is one purchase.
 */
async function readParams(
  route: Route,
  url: URL,
  request: IncomingMessage,
): Promise<{ params: Record<string, unknown> } | { failure: NormalisedError }> {
  let source: unknown = queryParams(url.searchParams);
  if (route.method === 'POST') {
    // A parameter in the address of a POST would be silently ignored; saying so is cheaper than a wrong purchase.
    const inAddress = [...new Set(url.searchParams.keys())];
    if (inAddress.length > 0) {
      return {
        failure: normalisedError(
          400,
          'bad_request',
          `Not sent, nothing charged: ${url.pathname} takes its parameters in the JSON body, not in the address (${inAddress.join(', ')})`,
        ),
      };
    }
    try {
      source = await readJsonObject(request, MAX_BODY_BYTES);
    } catch (error) {
      if (!(error instanceof BodyRefused)) throw error;
      return { failure: normalisedError(400, 'bad_request', `Not sent, nothing charged: ${error.message}`) };
    }
  }
  const problem = paramsProblem(route, source as Record<string, unknown>);
  if (problem) return { failure: normalisedError(400, 'bad_request', problem) };
  return { params: canonicalParams(route.operation, source as Record<string, unknown>) };
}

/** The browser's way in to the purchaser it shares with collection jobs (server/jobs). */
export function createForwarder(purchase: Purchaser) {
  const flights = new Flights();

  return async function forward(pathname: string, url: URL, request: IncomingMessage, response: ServerResponse) {
    const route = OPERATIONS[pathname]!;
    const read = await readParams(route, url, request);
    if ('failure' in read) return sendError(response, read.failure);
    const { params } = read;
    const key = purchaseKey(route.operation, params);
    // An explicit Refresh or Show newer: buy the page again even if the archive has a fresh copy.
    const fresh = request.headers[HEADER.refresh] === '1';
    return flights.serve(key, response, () => purchase({ route, params, key, fresh }));
  };
}
