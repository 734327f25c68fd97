import type { ServerResponse } from 'node:http';
import { normalisedError } from './errors.ts';
import { failedPurchase, type PurchaseResult } from './purchase-result.ts';
import { sendPurchase } from './send.ts';

interface Flight {
  askers: ServerResponse[];
  done: Promise<void>;
}

/**
 * Single flight per purchase key: identical requests that arrive while a purchase is in flight
 * ride on it and get the same answer, call id and ledger row. An answer nobody stayed for is not
 * lost: it is in the archive, and the next request for the page gets it free.
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
