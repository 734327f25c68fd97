import type { ServerResponse } from 'node:http';
import { purchaseKey } from '../../src/api/identity.ts';
import { Flights } from './coalesce.ts';
import type { Route } from './operations.ts';
import type { Purchaser } from './purchase.ts';

export type { Upstream } from './attempt.ts';

/**
 * The browser's way in to the purchaser it shares with collection jobs (server/jobs): a page asked for
 * again while its purchase is in flight rides on it (coalesce.ts). `params` are canonical (paid-routes.ts).
 */
export function createForwarder(purchase: Purchaser) {
  const flights = new Flights();

  return function forward(route: Route, params: Record<string, unknown>, fresh: boolean, response: ServerResponse) {
    const key = purchaseKey(route.operation, params);
    return flights.serve(key, response, () => purchase({ route, params, key, fresh }));
  };
}
