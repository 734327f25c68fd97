/**
 * Calls into libsql from a worker thread, kept apart from the process's exit. A process that exits (process.exit,
 * an uncaught error, or a script whose loop ends with the store still open) terminates its worker threads; one
 * terminated inside a libsql call comes back from it into an isolate that refuses it, and libsql (neon 1.0,
 * built to abort on a panic) ends the whole process with SIGABRT ("PendingException") instead of the exit asked
 * for. So a thread enters a call through `enterNative` and leaves through `leaveNative`, and at exit the main thread waits
 * (briefly) for calls under way and lets no new one start: the thread is then terminated in JavaScript, safely.
 *
 * One Int32 shared by the threads: how many are inside a call, or EXITING once the process is exiting.
 * The checkpointer's thread uses it (checkpointer.ts): its every pragma prepares a statement, and a statement
 * prepared after the termination is what aborted. The archive indexer's thread reuses prepared statements and
 * spends its time parsing in JavaScript: exiting mid-index did not abort in 16 runs, so it goes without.
 */
const EXITING = -1;
/** A checkpoint takes milliseconds; a store that hangs must not hang the exit. */
const EXIT_WAIT_MS = 2000;

/**
 * On the thread, before a call: false once the process is exiting (the call must not be made). Self-contained
 * (no name from outside it), as the checkpointer's thread, CommonJS given as text, runs it from its source.
 */
export function enterNative(word: Int32Array): boolean {
  // -1: EXITING.
  for (let seen = Atomics.load(word, 0); seen !== -1; seen = Atomics.load(word, 0)) {
    if (Atomics.compareExchange(word, 0, seen, seen + 1) === seen) return true;
  }
  return false;
}

/** On the thread, once the call has returned (or thrown). */
export function leaveNative(word: Int32Array) {
  Atomics.sub(word, 0, 1);
  Atomics.notify(word, 0);
}

const open = new Set<Int32Array>();

/** At exit: each thread's call under way finishes (for up to EXIT_WAIT_MS in all), and no other starts. */
function closeForExit() {
  const until = Date.now() + EXIT_WAIT_MS;
  for (const word of open) {
    for (let seen = Atomics.compareExchange(word, 0, 0, EXITING); seen > 0;) {
      const left = until - Date.now();
      if (left <= 0) break;
      Atomics.wait(word, 0, seen, left);
      seen = Atomics.compareExchange(word, 0, 0, EXITING);
    }
  }
}

/** A new word for a thread's calls, watched at this process's exit until `release`d (the thread has ended). */
export function nativeCallsWord(): { buffer: SharedArrayBuffer; release(): void } {
  const buffer = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  const word = new Int32Array(buffer);
  if (open.size === 0) process.once('exit', closeForExit);
  open.add(word);
  return {
    buffer,
    release: () => {
      open.delete(word);
      if (open.size === 0) process.off('exit', closeForExit);
    },
  };
}
