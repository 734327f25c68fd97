import Big from 'big.js';
import type { Operation } from '../ledger/rows.ts';
import type { LedgerStore } from '../store/ledger-store.ts';

type Known = Record<Operation, { last: string; highest: string } | null>;

/**
 * What each operation costs, as far as anyone knows: the spec publishes no prices, so they are learnt
 * from `meta.credits` (kept in the store, shared by every process). In demo mode the stand-in's list
 * prices stand in until then. Read synchronously from a copy refreshed after every settlement.
 */
export class Prices {
  private known: Known = { timeline: null, search: null };

  constructor(
    private readonly ledger: LedgerStore,
    private readonly listed: Record<Operation, number> | null,
  ) {}

  /** Other processes' prices arrive here (each session read refreshes); a call settled here is seen at once by `see`. */
  async refresh() {
    this.known = await this.ledger.prices();
  }

  see(operation: Operation, credits: string, charged: string) {
    if (charged !== 'yes' || !new Big(credits).gt(0)) return;
    const known = this.known[operation];
    this.known = {
      ...this.known,
      [operation]: { last: credits, highest: known && new Big(known.highest).gt(credits) ? known.highest : credits },
    };
  }

  /** The latest price charged: shown on every paid control, and booked for a call whose charge is unknown. */
  current(operation: Operation): string | null {
    return this.known[operation]?.last ?? this.listedPrice(operation);
  }

  /** The most the operation has cost: what a budget reservation holds. Null until anything is known. */
  ceiling(operation: Operation): string | null {
    return this.known[operation]?.highest ?? this.listedPrice(operation);
  }

  state(): Record<Operation, string | null> {
    return { timeline: this.current('timeline'), search: this.current('search') };
  }

  private listedPrice(operation: Operation): string | null {
    return this.listed ? new Big(this.listed[operation]).toFixed() : null;
  }
}
