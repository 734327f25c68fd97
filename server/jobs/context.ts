import Big from 'big.js';
import type { PurchaseRequest, PurchaseServices } from '../purchase/purchase.ts';
import { fromNano } from '../store/totals.ts';
import type { JobStore } from './job-store.ts';
import type { JobSpec } from './spec.ts';

/** Why a job's workers stop before its items are done: a hard stop, a person's pause or cancel, or this process letting go. */
export type Halt =
  { reason: 'quote' | 'limit' | 'error'; message: string } | { reason: 'paused' | 'cancelled' | 'lost' | 'shutdown' };

/** One running job in the process that holds it: what it has spent and holds in flight, and whether to stop. */
export class RunContext {
  halt: Halt | null = null;
  private spent: Big;
  private inFlight = new Big(0);
  /** Calls in flight for this job right now, and the most there have been at once. */
  calls = 0;
  mostCalls = 0;

  constructor(
    readonly id: string,
    readonly spec: JobSpec,
    readonly quote: Big,
    spentNano: number,
    readonly store: JobStore,
    /** What its pages are bought with: the same purchaser as the browser's (server/purchase/purchase.ts). */
    readonly services: PurchaseServices,
    /** Who buys its pages (#28): its creator, under their limit and role; null where nobody signs in. */
    readonly buyer: PurchaseRequest['person'],
  ) {
    this.spent = new Big(fromNano(spentNano));
  }

  stop(halt: Halt) {
    this.halt ??= halt;
  }

  /**
   * Holds a page's price against the quote before it is bought, or says it would pass the quote. In
   * one synchronous step, so workers side by side never hold more than the quote between them.
   */
  reserve(price: string): boolean {
    if (this.spent.plus(this.inFlight).plus(price).gt(this.quote)) return false;
    this.inFlight = this.inFlight.plus(price);
    return true;
  }

  settle(reserved: string, spent: string) {
    this.inFlight = this.inFlight.minus(reserved);
    this.spent = this.spent.plus(spent);
  }

  spentSoFar(): string {
    return this.spent.toString();
  }
}
