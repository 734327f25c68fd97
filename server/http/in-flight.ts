/**
 * Work the server must finish before it exits: every request until both its response has ended and
 * its handler has returned. A paid call whose browser went away still runs to its settled ledger row,
 * so it counts until the handler's promise settles, not until the socket closes.
 */
export class InFlight {
  private count = 0;
  private waiters: (() => void)[] = [];

  get size(): number {
    return this.count;
  }

  /** Counts one piece of work until `done` settles. */
  track(done: Promise<unknown>): void {
    this.count++;
    const finish = () => {
      this.count--;
      if (this.count === 0) for (const resolve of this.waiters.splice(0)) resolve();
    };
    done.then(finish, finish);
  }

  /** Resolves once nothing is in flight. */
  idle(): Promise<void> {
    return this.count === 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }
}
