import type { ServerResponse } from 'node:http';
import { normalisedError } from './errors.ts';
import { deliver, UndeliveredStore, type Answer } from './undelivered.ts';

interface Flight { askers: ServerResponse[]; done: Promise<void> }

/**
 * Single flight per purchase key: identical requests that arrive while a purchase is in flight
 * ride on it and get the same answer, call id and ledger row. Once answered, the key is free, so
 * asking again later is a new, explicit purchase.
 */
export class Flights {
  private readonly flights = new Map<string, Flight>();
  private readonly undelivered = new UndeliveredStore();

  serve(key: string, response: ServerResponse, buy: () => Promise<Answer>): Promise<void> {
    const kept = this.undelivered.take(key);
    if (kept) {
      deliver([response], kept, () => this.undelivered.keep(key, kept));
      return Promise.resolve();
    }
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

  private async fly(key: string, flight: Flight, buy: () => Promise<Answer>) {
    let answer: Answer;
    try {
      answer = await buy();
    } catch (error) {
      // Every rider must hear something; whether the upstream was reached is not known here.
      const failure = normalisedError(500, 'upstream', `creditscope proxy failed: ${(error as Error).message}`, { charged: 'unknown' });
      answer = { status: 500, text: JSON.stringify(failure), headers: { 'x-creditscope-charged': 'unknown' }, keep: false };
    } finally {
      this.flights.delete(key);
    }
    deliver(flight.askers, answer, () => this.undelivered.keep(key, answer));
  }
}
