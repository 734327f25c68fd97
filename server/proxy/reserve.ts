import type { Operation } from '../ledger/rows.ts';

/**
 * While an operation's price is unknown (a real upstream publishes none), a reservation could not
 * bound the overshoot of a limit: one call per operation goes first and tells the price.
 */
export class PriceScout {
  private readonly scouts = new Map<Operation, Promise<void>>();

  /** Resolves when this call may go; `done` must be called once it has settled. */
  async turn(operation: Operation, priceKnown: () => boolean, limited: boolean): Promise<{ done: () => void }> {
    for (;;) {
      if (priceKnown() || !limited) return { done: () => undefined };
      const scout = this.scouts.get(operation);
      if (!scout) break;
      await scout;
    }
    let resolve!: () => void;
    this.scouts.set(operation, new Promise<void>((done) => { resolve = done; }));
    return { done: () => { this.scouts.delete(operation); resolve(); } };
  }
}
