import Big from 'big.js';
import type { Ledger, Operation } from '../ledger/ledger.ts';

/**
 * What each operation costs, as far as anyone knows: the spec publishes no prices, so they are learnt
 * from `meta.credits` in the ledger (all sessions). In demo mode the stand-in's list prices stand in until then.
 */
export class Prices {
  constructor(private readonly ledger: Ledger, private readonly listed: Record<Operation, number> | null) {}

  /** The latest price charged: shown on every paid control, and booked for a call whose charge is unknown. */
  current(operation: Operation): string | null {
    return this.ledger.prices.lastPrice(operation) ?? this.listedPrice(operation);
  }

  /** The most the operation has cost: what a budget reservation holds. Null until anything is known. */
  ceiling(operation: Operation): string | null {
    return this.ledger.prices.highestPrice(operation) ?? this.listedPrice(operation);
  }

  state(): Record<Operation, string | null> {
    return { timeline: this.current('timeline'), search: this.current('search') };
  }

  private listedPrice(operation: Operation): string | null {
    return this.listed ? new Big(this.listed[operation]).toString() : null;
  }
}
