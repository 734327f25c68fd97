/**
 * Group commit: items that arrive while a batch is being written go together in the next one, one
 * transaction and one durable commit for all of them. Under load this is what keeps the store from
 * being the proxy's bottleneck; with one item at a time it costs nothing.
 */
export class GroupCommit<Item, Result> {
  private readonly waiting: { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }[] = [];
  private writing = false;

  constructor(
    private readonly write: (items: Item[]) => Promise<Result[]>,
    private readonly maxBatch = 64,
  ) {}

  submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      void this.drain();
    });
  }

  private async drain() {
    if (this.writing) return;
    this.writing = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, this.maxBatch);
        try {
          const results = await this.write(batch.map((entry) => entry.item));
          batch.forEach((entry, index) => entry.resolve(results[index]!));
        } catch (error) {
          for (const entry of batch) entry.reject(error);
        }
      }
    } finally {
      this.writing = false;
    }
  }
}
