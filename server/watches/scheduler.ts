import { OnePass } from '../background/one-pass.ts';
import { JobStore } from '../jobs/job-store.ts';
import type { PurchaseRequest, PurchaseServices } from '../purchase/purchase.ts';
import { definitionOf, type WatchDefinition } from './draft.ts';
import { runWatch, type RunOutcome } from './run.ts';
import { nextDue } from './schedule.ts';
import type { RunRow, WatchRow, WatchStore } from './watch-store.ts';
import type { WebhookDeliverer } from './webhooks.ts';

export interface SchedulerDeps {
  store: WatchStore;
  services: PurchaseServices;
  /** host:pid: who holds a run while it runs here. */
  owner: string;
  /** How long a run's claim lasts unrenewed: then another process marks it interrupted. */
  leaseMs: number;
  /** How often to look for due watches (CREDITSCOPE_WATCH_TICK_MS). */
  tickMs: number;
  log: (message: string) => void;
  /** Tells webhooks of a run's new items (webhooks.ts); each tick also sends their due retries. */
  webhooks: WebhookDeliverer;
}

/** Runs going at once in one process at most: a tick claims no more than this, the rest wait for the next. */
const MOST_AT_ONCE = 4;

/**
 * The watches' scheduler in a server process: every tick it marks runs a dead process left 'running' as
 * interrupted, then claims each due watch's due time through the store (one process wins each: watch-store.ts
 * claim) and runs it here. Nothing depends on this timer surviving: what is due is in the store (next_due_at),
 * so a process started later claims it; after downtime a watch runs once (its oldest due time), then moves on
 * from now. While the store is down, the tick fails and nothing runs. The timer is unref'd and stops with close().
 */
export class WatchScheduler {
  private timer: NodeJS.Timeout | null = null;
  private readonly ticks = new OnePass(
    () => this.tick(),
    (error) => this.deps.log(`watches: ${error.message}`),
  );
  private readonly active = new Map<string, Promise<RunRow>>();
  private readonly people: JobStore;

  constructor(private readonly deps: SchedulerDeps) {
    this.people = new JobStore(deps.store.db);
  }

  start() {
    this.timer = setInterval(() => void this.kick(), this.deps.tickMs);
    this.timer.unref();
    void this.kick();
  }

  kick(): Promise<void> {
    return this.ticks.kick();
  }

  private async tick() {
    const { store, owner, leaseMs } = this.deps;
    await store.markInterrupted();
    // Due webhook deliveries go out beside the runs, never holding them up.
    void this.deps.webhooks.kick();
    const now = new Date();
    for (const watch of await store.due(now)) {
      if (this.ticks.closing || this.active.size >= MOST_AT_ONCE) return;
      let definition: WatchDefinition;
      try {
        definition = definitionOf(watch);
      } catch (error) {
        this.deps.log(`watches: ${(error as Error).message}`);
        continue;
      }
      // From now, not from the due time: after downtime, one catch-up run, then the schedule as usual.
      const claimed = await store.claim(watch, nextDue(definition.schedule, definition.timeZone, now), owner, leaseMs);
      if (claimed) void this.launch(watch, definition, claimed);
    }
  }

  /** A person's run now, in this process: the finished run, or null when one of this watch is going already. */
  async runNow(watch: WatchRow): Promise<RunRow | null> {
    const claimed = await this.deps.store.claimNow(watch.id, this.deps.owner, this.deps.leaseMs);
    return claimed ? this.launch(watch, definitionOf(watch), claimed) : null;
  }

  private launch(watch: WatchRow, definition: WatchDefinition, run: RunRow): Promise<RunRow> {
    const done = this.execute(watch, definition, run).finally(() => this.active.delete(run.id));
    this.active.set(run.id, done);
    return done;
  }

  private async execute(watch: WatchRow, definition: WatchDefinition, run: RunRow): Promise<RunRow> {
    const { store, owner, leaseMs } = this.deps;
    const renewal = setInterval(
      () => void store.renew(run.id, owner, leaseMs).catch(() => undefined),
      Math.max(100, Math.floor(leaseMs / 3)),
    );
    let outcome: RunOutcome;
    try {
      const buyer = await this.buyerOf(watch.owner);
      outcome =
        buyer === 'removed'
          ? {
              state: 'refused',
              calls: 0,
              credits: '0',
              new_items: 0,
              reason: `Not started: ${watch.owner} was removed.`,
            }
          : await runWatch({ store, services: this.deps.services }, watch.id, definition, run, buyer);
    } catch (error) {
      const bought = await store.bought(watch.id, run.started_at).catch(() => ({ calls: 0, credits: '0' }));
      outcome = { state: 'failed', ...bought, new_items: 0, reason: `creditscope failed: ${(error as Error).message}` };
    } finally {
      clearInterval(renewal);
    }
    const finished = { ...run, ...outcome, finished_at: await store.finish(run.id, outcome) };
    await this.tellWebhooks(watch, finished);
    return finished;
  }

  /** A run with new items: its deliveries created (once, whoever asks) and sent now; a failure here is logged. */
  private async tellWebhooks(watch: WatchRow, run: RunRow) {
    try {
      if ((await this.deps.webhooks.enqueue(watch, run)) > 0) void this.deps.webhooks.kick();
    } catch (error) {
      this.deps.log(`webhooks: ${(error as Error).message}`);
    }
  }

  /** Who buys a watch's pages: its owner with their role now (#28), nobody where nobody signs in. */
  private async buyerOf(name: string | null): Promise<PurchaseRequest['person'] | 'removed'> {
    if (name === null) return null;
    const role = await this.people.creatorRole(name);
    return role === null ? 'removed' : { name, role };
  }

  /** Stops claiming; runs going here finish (their pages are journalled either way). */
  async close() {
    if (this.timer) clearInterval(this.timer);
    await this.ticks.close();
    await Promise.allSettled([...this.active.values()]);
    await this.deps.webhooks.close();
  }
}
