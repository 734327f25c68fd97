type WaitAsync = (
  word: Int32Array,
  index: number,
  value: number,
) => { async: false; value: string } | { async: true; value: Promise<string> };
// In Node's V8 (since Node 16), not yet in the ES2023 library the server is typed against.
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;

const FREE = 0;
/** Longer than any wait for the lock; the timer is cleared as soon as the wait ends. */
const KEEP_ALIVE_MS = 2 ** 30;

/**
 * `waiting`, with the event loop held open until it settles. A pending Atomics.waitAsync is no handle of the
 * event loop's: a process whose only work left was waiting for the lock (a CLI or script, between two writes,
 * while the checkpointer thread held it) found its loop empty and exited mid-write (code 13, its work unsaved),
 * and its exit terminated the checkpointer inside a native call, which libsql answers with an abort.
 */
async function keepingAlive<T>(waiting: Promise<T>): Promise<T> {
  const keepAlive = setTimeout(() => undefined, KEEP_ALIVE_MS);
  try {
    return await waiting;
  } finally {
    clearTimeout(keepAlive);
  }
}

/**
 * The SQLite write lock between the threads of one process, taken before SQLite's own. A thread that
 * finds SQLite's lock held waits in SQLite's busy handler, which sleeps synchronously: on the event loop
 * that stops every request for as long as another thread's transaction lasts, and longer (it sleeps in
 * steps of up to 100 ms). Waiting here is a promise, so the event loop serves other requests meanwhile.
 * Other processes are still kept out by SQLite alone.
 */
export class ThreadLock {
  private readonly word: Int32Array;

  /** `holder`: this thread's number (non-zero), so a lock a dead thread held can be freed for it. */
  constructor(
    readonly buffer: SharedArrayBuffer,
    private readonly holder: number,
  ) {
    this.word = new Int32Array(buffer);
  }

  static create(): SharedArrayBuffer {
    return new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  }

  async acquire(): Promise<void> {
    for (;;) {
      const seen = Atomics.compareExchange(this.word, 0, FREE, this.holder);
      if (seen === FREE) return;
      const wait = waitAsync(this.word, 0, seen);
      if (wait.async) await keepingAlive(wait.value);
    }
  }

  release() {
    Atomics.store(this.word, 0, FREE);
    Atomics.notify(this.word, 0);
  }

  /** Frees the lock if `holder` (a thread that has ended) still held it. */
  releaseFor(holder: number) {
    if (Atomics.compareExchange(this.word, 0, holder, FREE) === holder) Atomics.notify(this.word, 0);
  }

  /** Runs `work` holding the lock. */
  async hold<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }
}
