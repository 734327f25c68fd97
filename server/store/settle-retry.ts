/** How long and how often a settlement the store refused is tried again. */
export interface SettleRetryOptions {
  /** The first retry's wait, doubled after each round in which none was written. */
  firstDelayMs?: number;
  /** The longest wait between two rounds: how late a settlement can be once the store is back. */
  maxDelayMs?: number;
  /** After this long a settlement is given up: its row stays pending, booked "outcome unknown" at the next start. */
  giveUpAfterMs?: number;
  log?: (message: string) => void;
}

interface Kept<S> {
  settlement: S;
  since: number;
}

/**
 * Settlements the store could not take when their call was answered (a full disk, the database server
 * stopped). The answer is the person's and is delivered all the same; its ledger row stays pending,
 * its reservation counted by every budget check, until a retry here writes the row and the archived
 * answer. Rounds back off from firstDelayMs to maxDelayMs; a clean shutdown tries once more (flush).
 * Only a process that dies with settlements still kept leaves "outcome unknown" rows behind.
 */
export class SettleRetry<S> {
  private readonly kept = new Set<Kept<S>>();
  private readonly firstDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly giveUpAfterMs: number;
  private readonly log: (message: string) => void;
  private delayMs: number;
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly write: (settlement: S) => Promise<unknown>,
    options: SettleRetryOptions = {},
  ) {
    this.firstDelayMs = options.firstDelayMs ?? 200;
    this.maxDelayMs = options.maxDelayMs ?? 2_000;
    this.giveUpAfterMs = options.giveUpAfterMs ?? 24 * 60 * 60_000;
    this.log = options.log ?? ((message) => console.error(`creditscope: ${message}`));
    this.delayMs = this.firstDelayMs;
  }

  /** Settlements kept and not yet written. */
  get size(): number {
    return this.kept.size;
  }

  /** Whether a settlement kept and not yet written is one `match` looks for. */
  holds(match: (settlement: S) => boolean): boolean {
    return [...this.kept].some((kept) => match(kept.settlement));
  }

  /** Keeps a settlement the store refused (`why`), to be written as soon as it can be. */
  keep(settlement: S, why: string) {
    if (this.kept.size === 0)
      this.log(
        `the store cannot take settlements just now (${why}): the answers are delivered, their rows written as soon as it can`,
      );
    this.kept.add({ settlement, since: Date.now() });
    this.schedule();
  }

  /** The store has just taken another write: it is back, so the kept settlements are tried now, not at the next round. */
  storeIsBack() {
    if (this.closed || this.round || this.kept.size === 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.schedule(0);
  }

  /** At a clean shutdown: one more try for each kept settlement; resolves with how many are still unwritten. */
  async flush(): Promise<number> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.round;
    if (this.kept.size > 0) await this.tryAll();
    if (this.kept.size > 0)
      this.log(
        `${this.kept.size} answered call(s) could not be written to the store before stopping: their rows stay pending, "outcome unknown" at the next start`,
      );
    return this.kept.size;
  }

  private schedule(delayMs = this.delayMs) {
    if (this.closed || this.timer || this.round || this.kept.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.round = this.tryAll().finally(() => {
        this.round = null;
        this.schedule();
      });
    }, delayMs);
    // Never what keeps a process alive: a stopping process gets its one more try from flush().
    this.timer.unref();
  }

  /** All at once: the ledger's group commit writes them as one batch. */
  private async tryAll() {
    let written = 0;
    await Promise.all(
      [...this.kept].map((entry) =>
        this.write(entry.settlement).then(
          () => {
            this.kept.delete(entry);
            written += 1;
          },
          () => undefined,
        ),
      ),
    );
    if (written > 0 && this.kept.size === 0)
      this.log('the store took the settlements it had refused: every answered call is written');
    const now = Date.now();
    for (const entry of this.kept) {
      if (now - entry.since < this.giveUpAfterMs) continue;
      this.kept.delete(entry);
      this.log(
        `gave up writing a settlement after ${Math.round(this.giveUpAfterMs / 60_000)} min: its row stays pending, "outcome unknown" at the next start`,
      );
    }
    // The store took some: it is back, so the rest are tried again soon. None: wait longer each round.
    this.delayMs = written > 0 ? this.firstDelayMs : Math.min(this.delayMs * 2, this.maxDelayMs);
  }
}
