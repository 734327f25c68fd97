import { notifyManager, QueryClient, QueryObserver } from '@tanstack/query-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { oneTimerPerTask } from './notify-scheduler';

describe('oneTimerPerTask', () => {
  afterEach(() => {
    notifyManager.setScheduler((run) => setTimeout(run, 0));
    vi.restoreAllMocks();
  });

  it('runs every batch scheduled in one task from one timer, in order, none before the next task', async () => {
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const schedule = oneTimerPerTask();
    const ran: number[] = [];
    for (let i = 0; i < 5; i++) schedule(() => ran.push(i));
    expect(ran).toEqual([]);
    expect(timers).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ran).toEqual([0, 1, 2, 3, 4]);
    schedule(() => ran.push(5));
    expect(timers).toHaveBeenCalledTimes(3); // the wait above, and the next task's own timer
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ran).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('rethrows a batch that throws in a task of its own and still runs the rest', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    const schedule = oneTimerPerTask();
    const ran: string[] = [];
    schedule(() => {
      throw new Error('listener failed');
    });
    schedule(() => ran.push('after'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ran).toEqual(['after']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off('uncaughtException', onUncaught);
    expect(uncaught).toEqual([new Error('listener failed')]);
  });

  // React's adapter hears the cache and each observer through notifyManager.batchCalls, as here: each card
  // mounting subscribes its observers one by one, and each subscription is a batch of its own.
  it("carries Query's notifications: fifty observers subscribing take one timer, and every event is heard", async () => {
    notifyManager.setScheduler(oneTimerPerTask());
    const client = new QueryClient();
    const heard: string[] = [];
    client.getQueryCache().subscribe(notifyManager.batchCalls((event) => heard.push(event.type)));
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const observers = Array.from(
      { length: 50 },
      () => new QueryObserver(client, { queryKey: ['page'], enabled: false }),
    );
    const unsubscribe = observers.map((observer) => observer.subscribe(() => {}));
    expect(heard).toEqual([]);
    expect(timers).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(heard.filter((type) => type === 'observerAdded')).toHaveLength(50);
    expect(heard[0]).toBe('added');
    unsubscribe.forEach((stop) => stop());
  });
});
