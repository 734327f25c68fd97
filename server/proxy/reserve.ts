import Big from 'big.js';
import type { Operation } from '../ledger/ledger.ts';
import type { LimitOwner, Limits } from './limits.ts';

export type Admission =
  | { admitted: true; release: () => void }
  | { admitted: false; by: LimitOwner; message: string };

/**
 * Admits paid calls against the limits without queueing them: each admitted call reserves its
 * operation's price until it settles, and a call is admitted only while spent + reserved < limit,
 * so parallel calls overshoot a limit by at most one call's price.
 */
export class SpendGuard {
  private reserved = new Big(0);
  /** The one call of an operation in flight while its price is unknown (a real upstream publishes none). */
  private readonly pioneers = new Map<Operation, Promise<void>>();

  constructor(private readonly limits: Limits, private readonly price: (operation: Operation) => string | null) {}

  async admit(operation: Operation): Promise<Admission> {
    for (;;) {
      const price = this.price(operation);
      const pioneer = this.pioneers.get(operation);
      // Without a price a reservation could not bound the overshoot: wait for the first call to tell it.
      if (price === null && pioneer && this.limits.active) { await pioneer; continue; }
      const refusal = this.limits.refusal(this.reserved);
      if (refusal) return { admitted: false, ...refusal };
      return this.reserve(operation, price);
    }
  }

  /** Released right after the ledger row is written, in the same tick, so spend is never counted twice or not at all. */
  private reserve(operation: Operation, price: string | null): Admission {
    const amount = new Big(price ?? 0);
    this.reserved = this.reserved.plus(amount);
    const endPioneer = price === null && !this.pioneers.has(operation) ? this.startPioneer(operation) : null;
    let released = false;
    return {
      admitted: true,
      release: () => {
        if (released) return;
        released = true;
        this.reserved = this.reserved.minus(amount);
        endPioneer?.();
      },
    };
  }

  private startPioneer(operation: Operation): () => void {
    let resolve!: () => void;
    this.pioneers.set(operation, new Promise<void>((done) => { resolve = done; }));
    return () => { this.pioneers.delete(operation); resolve(); };
  }
}
