/**
 * A scheduler for TanStack Query's notifications (`notifyManager.setScheduler`): each batch still runs in a
 * later task, as with the default `setTimeout(…, 0)`, but every batch scheduled in one task shares one timer.
 * A scrolled list mounts a dozen cards with several queries each, and each query's observer schedules a batch:
 * one timer apiece was hundreds of timers a second, each a task with its own microtask checkpoint.
 * Batches run in the order they were scheduled; one that throws is rethrown in a task of its own and the rest run.
 */
export function oneTimerPerTask() {
  let waiting: (() => void)[] = [];
  const runWaiting = () => {
    const batches = waiting;
    waiting = [];
    for (const batch of batches) {
      try {
        batch();
      } catch (error) {
        // Thrown in a task of its own, as an uncaught error of its own timer would have been.
        setTimeout(() => {
          throw error;
        });
      }
    }
  };
  return (batch: () => void) => {
    if (waiting.push(batch) === 1) setTimeout(runWaiting);
  };
}
