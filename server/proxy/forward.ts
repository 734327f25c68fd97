import type { ServerResponse } from 'node:http';
import { purchaseKey } from '../../src/contract/identity.ts';
import { Flights } from './coalesce.ts';
import type { Route } from './operations.ts';
import type { Purchaser } from './purchase.ts';
import type { Person } from '../identity/people.ts';

export type { Upstream } from './attempt.ts';

/**
 * The browser's way in to the purchaser it shares with collection jobs (server/jobs): a page asked for
 * again while its purchase is in flight rides on it (coalesce.ts). `params` are canonical (paid-routes.ts).
 */
export function createForwarder(purchase: Purchaser) {
  const flights = new Flights();

  return function forward(
    route: Route,
    params: Record<string, unknown>,
    fresh: boolean,
    response: ServerResponse,
    person: Person | null = null,
  ) {
    const key = purchaseKey(route.operation, params);
    // One flight per page and person: each person's purchase is theirs, under their own limit (a second
    // person's request for a page in flight waits for it in the journal and is served the archived answer, free).
    const flight = person ? `${key}\u0000${person.name}` : key;
    return flights.serve(flight, response, () => purchase({ route, params, key, fresh, person }));
  };
}
