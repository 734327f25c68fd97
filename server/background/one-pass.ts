/**
 * Background work done in passes (the job runner's and the watch scheduler's ticks, the webhook sender's sends),
 * one pass at a time in this process: a kick while a pass runs joins it instead of starting a second one beside
 * it, which would claim the same rows again and race the first over them. A pass that fails is logged; the next
 * kick starts afresh. Once closing, kicks start nothing and `close()` waits for the pass under way.
 */
export class OnePass {
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly pass: () => Promise<void>,
    private readonly onError: (error: Error) => void,
  ) {}

  /** True once `close()` was called: a pass under way checks it between pieces of work to stop early. */
  get closing(): boolean {
    return this.closed;
  }

  /** Runs a pass now, or joins the one under way; resolves when that pass ends. */
  kick(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.running ??= this.pass()
      .catch((error: unknown) => this.onError(error as Error))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** Starts no more passes and waits for the one under way. */
  async close(): Promise<void> {
    this.closed = true;
    await this.running;
  }
}
