/**
 * Resolves in a new task of the event loop. Work after it no longer adds to the task before it, so two
 * pieces of work that are each short never add up to one long task. A message, not a timer: a timer in a
 * background tab waits up to a second.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
