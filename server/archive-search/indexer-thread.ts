import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Db } from '../store/open.ts';
import { PostIndexer } from './indexer.ts';
import type { FromIndexer, IndexerWorkerData, ToIndexer } from './indexer-worker.ts';

// From source, CommonJS run as is. The module it loads is TypeScript, and the thread does not get the parent's
// module hooks (Vitest's are its own module runner's): tsx's require hooks are registered in the thread itself.
const BOOT_FROM_SOURCE = `
const { workerData } = require('node:worker_threads');
require(workerData.tsx).register();
require(workerData.module);
`;

/**
 * The thread's heap, bounded: it holds a batch of three pages at a time, but left to V8's defaults its heap grew
 * with every page it parsed (the server's RSS kept growing under a burst of purchases, bench/memory.ts). A
 * thread past it ends, and the indexer goes on on the event loop (`fallBack`): nothing is lost.
 */
const HEAP_LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 };

/**
 * The thread, on the module beside this one: the built server's JavaScript (dist/server-app, where
 * vite.server.config.ts writes indexer-worker.js next to the chunk holding this code), or, run from source
 * (tsx, Vitest), the TypeScript through tsx, which the built server never needs.
 */
function startWorker(workerData: IndexerWorkerData): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./indexer-worker.js', import.meta.url), { workerData, resourceLimits: HEAP_LIMITS });
  const source = {
    ...workerData,
    module: fileURLToPath(new URL('./indexer-worker.ts', import.meta.url)),
    tsx: createRequire(import.meta.url).resolve('tsx/cjs/api'),
  };
  return new Worker(BOOT_FROM_SOURCE, { eval: true, workerData: source, resourceLimits: HEAP_LIMITS });
}

/** The indexer thread's number in the store's thread lock (the event loop is 1). */
const INDEXER_HOLDER = 2;

interface Waiter {
  resolve: (indexed: number) => void;
  reject: (error: Error) => void;
}

/**
 * The archive's post indexer (PostIndexer) on a thread of its own. Profiled under load, parsing each bought
 * page with the app's schemas and writing its posts into the full-text index took a third of the event
 * loop's time per paid call; here it runs beside it, on its own connection to the store. Should the
 * thread fail to start or die, the indexer runs on the event loop as it did before, and nothing is lost:
 * a catch-up compares the whole archive with the index before any search reads it.
 */
export class IndexerThread {
  private worker: Worker | null;
  private local: PostIndexer | null = null;
  private readonly waiting = new Map<number, Waiter>();
  private lastId = 0;
  private stopping = false;

  constructor(
    private readonly db: Db,
    store: IndexerWorkerData['store'],
  ) {
    this.worker = startWorker({
      store: { dataDir: store.dataDir, databaseUrl: store.databaseUrl },
      lock: db.threadLock?.buffer ?? null,
      holder: INDEXER_HOLDER,
    });
    // Never what keeps a process alive; stop() holds it until its connection is closed.
    this.worker.unref();
    this.worker.on('message', (message: FromIndexer) => this.answered(message));
    this.worker.once('error', (error) => this.fallBack(`failed: ${error.message}`));
    this.worker.once('exit', () => {
      // A thread that ended inside a transaction must not leave this process's writers waiting for it.
      db.threadLock?.releaseFor(INDEXER_HOLDER);
      this.fallBack('ended');
    });
  }

  /** False once the indexer has fallen back to the event loop. */
  get onThread(): boolean {
    return this.worker !== null;
  }

  /** Indexes everything not yet indexed; resolves with how many pages it indexed. */
  catchUp(): Promise<number> {
    if (!this.worker) return this.onEventLoop().catchUp();
    const id = ++this.lastId;
    return new Promise<number>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker!.postMessage({ type: 'catch-up', id } satisfies ToIndexer);
    });
  }

  /** Pages just archived by this process: indexed a moment later, so search is ready before anyone asks. */
  soon(pageKeys: string[]) {
    if (this.worker) this.worker.postMessage({ type: 'soon', pageKeys } satisfies ToIndexer);
    else this.onEventLoop().soon(pageKeys);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.local?.stop();
    const worker = this.worker;
    if (!worker) return;
    worker.ref();
    await new Promise<void>((resolve) => {
      worker.once('exit', () => resolve());
      worker.postMessage({ type: 'stop' } satisfies ToIndexer);
    });
  }

  private answered(message: FromIndexer) {
    const waiter = this.waiting.get(message.id);
    this.waiting.delete(message.id);
    if (message.type === 'caught-up') waiter?.resolve(message.indexed);
    else waiter?.reject(new Error(message.message));
  }

  private onEventLoop(): PostIndexer {
    return (this.local ??= new PostIndexer(this.db));
  }

  /** `why` the thread is gone, said once to the operator unless it was stopped: search keeps working, slower. */
  private fallBack(why: string) {
    if (this.worker && !this.stopping)
      console.error(`creditscope: the archive indexer's thread ${why}; it indexes on the event loop from now on`);
    this.worker = null;
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    for (const waiter of waiting) {
      if (this.stopping) waiter.reject(new Error('the archive indexer stopped'));
      else this.onEventLoop().catchUp().then(waiter.resolve, waiter.reject);
    }
  }
}
