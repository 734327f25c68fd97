/**
 * Preloaded into the server by bench/memory.ts (`--import`): on SIGUSR2 it writes the process's memory split to
 * `MEMORY_PROBE_FILE`: RSS, the event loop's V8 heap, external memory and array buffers, and each worker
 * thread's heap (the archive indexer's and the SQLite checkpointer's isolates are in the same RSS). It runs a
 * full GC first when the server runs with --expose-gc, so the figures are what is held, not what is merely not
 * collected yet; with `MEMORY_PROBE_SNAPSHOTS` (a folder) it also writes a heap snapshot of the event loop's heap.
 */
import fs from 'node:fs';
import module from 'node:module';
import v8 from 'node:v8';
import threads from 'node:worker_threads';

const file = process.env.MEMORY_PROBE_FILE;
const workers = new Set<threads.Worker>();
let taken = 0;

if (file) {
  // Every Worker the server starts is counted, through the constructor its modules import.
  const Original = threads.Worker;
  threads.Worker = class extends Original {
    constructor(...args: ConstructorParameters<typeof Original>) {
      super(...args);
      workers.add(this);
      this.once('exit', () => workers.delete(this));
    }
  };
  module.syncBuiltinESMExports();

  process.on('SIGUSR2', () => {
    void (async () => {
      (globalThis as { gc?: () => void }).gc?.();
      const usage = process.memoryUsage();
      const threadHeaps = await Promise.all(
        [...workers].map(async (worker) => {
          const heap = await worker.getHeapStatistics();
          return { used: heap.used_heap_size, total: heap.total_heap_size };
        }),
      );
      const folder = process.env.MEMORY_PROBE_SNAPSHOTS;
      const snapshot = folder ? v8.writeHeapSnapshot(`${folder}/${++taken}.heapsnapshot`) : null;
      fs.writeFileSync(file, JSON.stringify({ usage, threadHeaps, snapshot }));
    })();
  });
}
