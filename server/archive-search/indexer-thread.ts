import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Db } from '../store/open.ts';
import { PostIndexer } from './indexer.ts';
import type { FromIndexer, IndexerWorkerData, ToIndexer } from './indexer-worker.ts';

// CommonJS run as is. The module it loads is TypeScript, and Node 20 applies no module hooks (tsx's, Vitest's)
// in a worker thread: tsx's require hooks are registered in the thread itself, as they work per thread.
const BOOT = `
const { workerData } = require('node:worker_threads');
require(workerData.tsx).register();
require(workerData.module);
`;

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
    const resolve = createRequire(import.meta.url).resolve;
    const workerData: IndexerWorkerData & { module: string; tsx: string } = {
      store: { dataDir: store.dataDir, databaseUrl: store.databaseUrl },
      lock: db.threadLock?.buffer ?? null,
      holder: INDEXER_HOLDER,
      module: fileURLToPath(new URL('./indexer-worker.ts', import.meta.url)),
      tsx: resolve('tsx/cjs/api'),
    };
    this.worker = new Worker(BOOT, { eval: true, workerData });
    // Never what keeps a process alive; stop() holds it until its connection is closed.
    this.worker.unref();
    this.worker.on('message', (message: FromIndexer) => this.answered(message));
    this.worker.once('error', () => this.fallBack());
    this.worker.once('exit', () => {
      // A thread that ended inside a transaction must not leave this process's writers waiting for it.
      db.threadLock?.releaseFor(INDEXER_HOLDER);
      this.fallBack();
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

  private fallBack() {
    this.worker = null;
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    for (const waiter of waiting) {
      if (this.stopping) waiter.reject(new Error('the archive indexer stopped'));
      else this.onEventLoop().catchUp().then(waiter.resolve, waiter.reject);
    }
  }
}
