import type { FastifyReply } from 'fastify';

/**
 * The server's time for a rendered page, part by part, in a Server-Timing trailer (issue 36): what ran before the
 * renderer (`before`: the request's hooks), the plan, the first page (store reads, and the purchase when one is
 * made), the meter, and the render up to the stream's start. A trailer, as the page's head is sent before these
 * are known; bench/ssr-time.ts reads it. Durations only: it names no page, person or amount.
 */
export function renderTiming(reply: FastifyReply) {
  const parts: string[] = [`before;dur=${reply.elapsedTime.toFixed(1)}`];
  let last = performance.now();
  return {
    /** Ends the part `name`, begun when the previous one ended. */
    mark(name: string) {
      const now = performance.now();
      parts.push(`${name};dur=${(now - last).toFixed(1)}`);
      last = now;
    },
    /** Sends the parts marked by the time the page ends, after it. */
    trailer() {
      void reply.trailer('server-timing', (_reply, _payload, done) => done(null, parts.join(', ')));
    },
  };
}

export type RenderTiming = ReturnType<typeof renderTiming>;
