import { describe, expect, it } from 'vitest';
import { ThreadLock } from './thread-lock.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the write lock between the threads of a process', () => {
  it('lets one holder in at a time, the next as soon as it is released, without blocking the event loop', async () => {
    const buffer = ThreadLock.create();
    const loop = new ThreadLock(buffer, 1);
    const indexer = new ThreadLock(buffer, 2);
    const order: string[] = [];
    await indexer.acquire();
    const waiting = loop.hold(async () => {
      order.push('loop');
    });
    await tick();
    order.push('timer ran while waiting');
    indexer.release();
    await waiting;
    expect(order).toEqual(['timer ran while waiting', 'loop']);
  });

  it("frees the lock of a thread that ended holding it, and only that thread's", async () => {
    const buffer = ThreadLock.create();
    const loop = new ThreadLock(buffer, 1);
    const indexer = new ThreadLock(buffer, 2);
    await indexer.acquire();
    let got = false;
    const waiting = loop.acquire().then(() => {
      got = true;
    });
    loop.releaseFor(3);
    await tick();
    expect(got).toBe(false);
    loop.releaseFor(2);
    await waiting;
    expect(got).toBe(true);
  });
});
