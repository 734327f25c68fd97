import type { ServerResponse } from 'node:http';
import { FROM_ARCHIVE, HEADER, purchaseKey } from '../../src/contract/index.ts';
import type { Person } from '../identity/people.ts';
import { normalisedError } from '../proxy/errors.ts';
import type { Route } from '../proxy/operations.ts';
import { buyPage, type PurchaseServices } from './purchase.ts';
import { failedPurchase, type PurchaseResult } from './purchase-result.ts';

interface Flight {
  askers: ServerResponse[];
  done: Promise<void>;
}

/**
 * Single flight per purchase key: identical requests that arrive while a purchase is in flight
 * ride on it and get the same answer, call id and ledger row. An answer nobody stayed for is not
 * lost: it is in the archive, and the next request for the page gets it free. One per process's services.
 */
export class Flights {
  private readonly flights = new Map<string, Flight>();

  serve(key: string, response: ServerResponse, buy: () => Promise<PurchaseResult>): Promise<void> {
    const flying = this.flights.get(key);
    if (flying) {
      flying.askers.push(response);
      return flying.done;
    }
    const flight: Flight = { askers: [response], done: Promise.resolve() };
    this.flights.set(key, flight);
    flight.done = this.fly(key, flight, buy);
    return flight.done;
  }

  private async fly(key: string, flight: Flight, buy: () => Promise<PurchaseResult>) {
    let result: PurchaseResult;
    try {
      result = await buy();
    } catch (error) {
      // Every rider must hear something; whether the upstream was reached is not known here.
      const failure = normalisedError(500, 'upstream', `creditscope proxy failed: ${(error as Error).message}`, {
        charged: 'unknown',
      });
      result = failedPurchase(failure);
    } finally {
      this.flights.delete(key);
    }
    sendPurchase(flight.askers, result);
  }
}

/**
 * The browser's way in to the purchaser it shares with collection jobs (server/jobs): a page asked for
 * again while its purchase is in flight rides on it. `params` are canonical (paid-routes.ts).
 */
export function buyForAskers(
  services: PurchaseServices & { flights: Flights },
  route: Route,
  params: Record<string, unknown>,
  fresh: boolean,
  response: ServerResponse,
  person: Person | null = null,
): Promise<void> {
  const key = purchaseKey(route.operation, params);
  // One flight per page and person: each person's purchase is theirs, under their own limit (a second
  // person's request for a page in flight waits for it in the journal and is served the archived answer, free).
  const flight = person ? `${key}\u0000${person.name}` : key;
  return services.flights.serve(flight, response, () => buyPage(services, { route, params, key, fresh, person }));
}

/**
 * A purchase's result as HTTP headers (src/contract/headers.ts says what each means): the one place they are
 * written from it, for the proxy's answers and for the answer a server-rendered page inlines.
 */
export function purchaseHeaders(result: PurchaseResult): Record<string, string> {
  return {
    ...(result.retryAfter !== null ? { 'retry-after': result.retryAfter } : {}),
    ...(result.source === 'archive' ? { [HEADER.source]: FROM_ARCHIVE } : {}),
    ...(result.boughtAt !== null ? { [HEADER.boughtAt]: result.boughtAt } : {}),
    ...(result.callId !== null ? { [HEADER.callId]: result.callId } : {}),
    ...(result.credits !== null ? { [HEADER.credits]: result.credits } : {}),
    [HEADER.charged]: result.charged,
  };
}

/**
 * Sends one purchase's result to every asker still connected: one, or all who rode on its flight.
 * Written on the raw responses (the paid routes hijack their replies): one answer goes to several requests.
 */
function sendPurchase(responses: ServerResponse[], result: PurchaseResult) {
  const headers = purchaseHeaders(result);
  for (const response of responses) {
    if (response.destroyed) continue;
    response.writeHead(result.status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    });
    response.end(result.text);
  }
}
