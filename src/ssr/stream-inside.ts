/** The document's text before and after the app. */
export interface DocumentAround {
  before: string;
  after: string;
}

/** The document's text with the app's stream inside it, each part written as it comes (nothing buffered). */
export function streamInside({ before, after }: DocumentAround, app: ReadableStream<Uint8Array>) {
  const encoder = new TextEncoder();
  const reader = app.getReader();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(before));
        return;
      }
      const { done, value } = await reader.read();
      if (!done) {
        controller.enqueue(value);
        return;
      }
      controller.enqueue(encoder.encode(after));
      controller.close();
    },
    cancel: (reason) => reader.cancel(reason),
  });
}
