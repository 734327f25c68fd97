import { OnePass } from '../background/one-pass.ts';
import Big from 'big.js';
import type { PurchaseServices } from '../purchase/purchase.ts';
import { RunContext } from './context.ts';
import { runItem } from './item-runner.ts';
import { CREATOR_REMOVED, type JobRow, type JobStore } from './job-store.ts';
import type { JobSpec } from './spec.ts';

export interface RunnerDeps {
  store: JobStore;
  /** What pages are bought with: the browser's purchaser (server/purchase/purchase.ts), called with these. */
  services: PurchaseServices;
  /** host:pid: who holds a job while it runs here. */
  owner: string;
  leaseMs: number;
  /** How often to look for a running job nobody holds (left by a stopped or crashed process). */
  pollMs: number;
  /** Told of a job that failed in a way nothing else reports. */
  log?: (message: string) => void;
}

/**
 * Runs the store's running jobs in this process, one holder per job across every process sharing the
 * store: a job is claimed with a lease that is renewed while it runs, released when it stops here, and
 * taken over by another process once its holder has exited or its lease has run out.
 */
export class JobRunner {
  private readonly active = new Map<string, { context: RunContext | null; done: Promise<void> }>();
  private timer: NodeJS.Timeout | null = null;
  private readonly ticks = new OnePass(
    () => this.tick(),
    (error) => this.deps.log?.(`collection jobs: ${error.message}`),
  );

  constructor(private readonly deps: RunnerDeps) {}

  start() {
    this.timer = setInterval(() => this.kick(), this.deps.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Looks for work now (a job just created or resumed), without waiting for the next poll. */
  kick(): Promise<void> {
    return this.ticks.kick();
  }

  /** The context of a job running here: its calls in flight (for tests and the bench). */
  contextOf(id: string): RunContext | null {
    return this.active.get(id)?.context ?? null;
  }

  /** When the job running here stops running here (done, stopped, paused, cancelled or let go). */
  async settled(id: string) {
    await this.active.get(id)?.done;
  }

  private async tick() {
    for (const row of await this.deps.store.claimable(this.deps.owner)) {
      if (this.ticks.closing || this.active.has(row.id)) continue;
      await this.take(row);
    }
  }

  /** Runs one job here if no live process holds it (the CLI runs the job it created, and nothing else); false if another does. */
  async runOnly(id: string): Promise<boolean> {
    const row = (await this.deps.store.claimable(this.deps.owner)).find((candidate) => candidate.id === id);
    if (!row || !(await this.take(row))) return false;
    await this.settled(id);
    return true;
  }

  private async take(row: JobRow): Promise<boolean> {
    if (!(await this.deps.store.claim(row, this.deps.owner, this.deps.leaseMs))) return false;
    const entry: { context: RunContext | null; done: Promise<void> } = { context: null, done: Promise.resolve() };
    this.active.set(row.id, entry);
    entry.done = this.run(row, entry)
      .catch((error: unknown) => this.deps.log?.(`collection job ${row.id}: ${(error as Error).message}`))
      .finally(() => {
        this.active.delete(row.id);
        // Resumed while its last calls were landing here: it runs again now, not at the next poll (only where
        // this runner looks for work at all: the CLI runs its own job and nothing else).
        if (this.timer) void this.kick();
      });
    return true;
  }

  private async run(claimed: JobRow, entry: { context: RunContext | null }) {
    const { store, owner, leaseMs } = this.deps;
    const row = (await store.row(claimed.id))!;
    // Its creator's purchases (#28), under their limit and their role now, whoever resumed it (#38); a job whose
    // creator was removed stops here, whichever process claims it, before anything is bought.
    const creator = row.person === null ? null : { name: row.person, role: await store.creatorRole(row.person) };
    if (creator && creator.role === null) {
      await store.transition(row.id, ['running'], 'stopped', 'creator-removed', CREATOR_REMOVED(creator.name), {
        from: ['queued', 'running'],
        set: { status: 'stopped', error: 'creator-removed' },
      });
      return;
    }
    const context = new RunContext(
      row.id,
      JSON.parse(row.spec) as JobSpec,
      new Big(row.quote_max_credits),
      row.spent_nano,
      store,
      this.deps.services,
      creator?.role ? { ...creator, role: creator.role } : null,
    );
    entry.context = context;
    // Renewed while it runs; a pause or cancel from another process is seen here too, even during a long backoff.
    const renewal = setInterval(
      () => {
        void (async () => {
          if (!(await store.renew(row.id, owner, leaseMs))) return context.stop({ reason: 'lost' });
          const status = await store.status(row.id);
          if (status === 'paused' || status === 'cancelled') context.stop({ reason: status });
        })().catch(() => undefined);
      },
      Math.max(100, Math.floor(leaseMs / 3)),
    );
    try {
      const queue = (await store.items(row.id)).filter((item) => item.status === 'queued' || item.status === 'running');
      const worker = async () => {
        for (let item = queue.shift(); item && !context.halt; item = queue.shift()) {
          // A store that fails mid-job stops it with its reason, rather than leaving it for every process to retry in a loop.
          await runItem(context, item).catch((error: unknown) =>
            context.stop({
              reason: 'error',
              message: `creditscope failed on ${item!.subject}: ${(error as Error).message}`,
            }),
          );
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, Math.min(row.concurrency, queue.length)) }, worker));
      await this.finish(context);
    } finally {
      clearInterval(renewal);
      await store.release(row.id, owner);
    }
  }

  /** Says how the job ended here, in the store: every item not done is put back, stopped or cancelled with it. */
  private async finish(context: RunContext) {
    const { store } = this.deps;
    const halt = context.halt;
    if (halt === null) {
      await store.transition(context.id, ['running'], 'done');
    } else if (halt.reason === 'quote' || halt.reason === 'limit' || halt.reason === 'error') {
      await store.transition(context.id, ['running'], 'stopped', halt.reason, halt.message, {
        from: ['queued', 'running'],
        set: { status: 'stopped', error: `${halt.reason}: ${halt.message}`, pending_key: null },
      });
    }
    // Paused, cancelled, let go or shutting down: a running item is taken up again where it stopped when the job runs again.
    const status = await store.status(context.id);
    if (status === 'paused' || (status === 'running' && halt !== null && halt.reason !== 'lost'))
      await store.setItems(context.id, ['running'], { status: 'queued' });
    if (status === 'cancelled')
      await store.setItems(context.id, ['queued', 'running', 'stopped'], { status: 'cancelled' });
    // Stopped from elsewhere (its creator removed): the page it was on when it saw that is its last.
    if (status === 'stopped') await store.setItems(context.id, ['queued', 'running'], { status: 'stopped' });
  }

  /** Stops taking work; jobs running here stop after the calls in flight and are released for any process to resume. */
  async close() {
    if (this.timer) clearInterval(this.timer);
    await this.ticks.close();
    for (const entry of this.active.values()) entry.context?.stop({ reason: 'shutdown' });
    await Promise.all([...this.active.values()].map((entry) => entry.done));
  }
}
