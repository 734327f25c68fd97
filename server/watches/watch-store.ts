import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Db } from '../store/open.ts';
import { processGone } from '../store/owner.ts';
import type { Database, WatchItemTable, WatchRunTable, WatchTable } from '../store/schema.ts';

export type WatchRow = Selectable<WatchTable>;
export type RunRow = Selectable<WatchRunTable>;
export type ItemRow = Selectable<WatchItemTable>;
/** Where a page of unseen items continues: the last item of the page before. */
export type UnseenCursor = { foundAt: string; watchId: string; key: string };
export type NewWatchRow = Omit<Insertable<WatchTable>, 'id' | 'created_at'>;

const iso = (at: Date | number) => new Date(at).toISOString();

/** Why a run left 'running' by a process that is gone was not finished: what it bought is in the ledger already. */
export const INTERRUPTED =
  'Interrupted: the process running it stopped before it finished. What it bought is in the ledger (journalled before sending); the next due time runs as usual.';

/**
 * Pauses every watch of `name`, in the caller's transaction (the one that removes them): nothing more is bought
 * under a name nobody answers for (a run already claimed is refused by its scheduler, which finds them removed).
 */
export async function pauseWatchesOf(trx: Kysely<Database>, name: string) {
  await trx.updateTable('watches').set({ paused: 1, next_due_at: null }).where('owner', '=', name).execute();
}

/** Watches, their runs (one per due time, claimed by a UNIQUE key) and what their runs found, in the shared store. */
export class WatchStore {
  constructor(readonly db: Db) {}

  private get k() {
    return this.db.kysely;
  }

  async create(row: NewWatchRow): Promise<string> {
    const id = randomUUID();
    await this.k
      .insertInto('watches')
      .values({ ...row, id, created_at: iso(Date.now()) })
      .execute();
    return id;
  }

  get(id: string): Promise<WatchRow | undefined> {
    return this.k.selectFrom('watches').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** `owner` null: everyone's (an admin's view, or nobody signs in); else that person's own. */
  list(owner: string | null | undefined): Promise<WatchRow[]> {
    let query = this.k.selectFrom('watches').selectAll().orderBy('created_at');
    if (owner !== undefined && owner !== null) query = query.where('owner', '=', owner);
    return query.execute();
  }

  async update(id: string, set: Partial<NewWatchRow>) {
    await this.k.updateTable('watches').set(set).where('id', '=', id).execute();
  }

  async remove(id: string) {
    await this.db.transact(async (trx) => {
      await trx.deleteFrom('watch_items').where('watch_id', '=', id).execute();
      await trx.deleteFrom('watch_runs').where('watch_id', '=', id).execute();
      await trx.deleteFrom('watches').where('id', '=', id).execute();
    });
  }

  /** Watches whose next due time has come, not paused. */
  due(now: Date): Promise<WatchRow[]> {
    return this.k
      .selectFrom('watches')
      .selectAll()
      .where('paused', '=', 0)
      .where('next_due_at', 'is not', null)
      .where('next_due_at', '<=', iso(now))
      .execute();
  }

  /**
   * Claims the run of one due time: the row (watch, due time) is inserted by exactly one process whatever
   * how many try (its UNIQUE key), and the watch moves on to `next` in the same transaction. A watch whose last
   * run is still going is not claimed (a second UNIQUE key: one running run a watch), so its due time waits.
   * Null: another process has it, or the watch moved on.
   */
  async claim(watch: WatchRow, next: Date | null, owner: string, leaseMs: number): Promise<RunRow | null> {
    const dueAt = watch.next_due_at;
    if (dueAt === null) return null;
    return this.db.transact(async (trx) => {
      const row = await this.insertRun(trx, this.runRow(watch.id, dueAt, 'schedule', owner, leaseMs));
      if (!row) return null;
      await trx
        .updateTable('watches')
        .set({ next_due_at: next ? iso(next) : null })
        .where('id', '=', watch.id)
        .where('next_due_at', '=', dueAt)
        .execute();
      return row;
    });
  }

  /** A person's run now: a run of its own (not a due time), unless one of this watch is going already. */
  claimNow(watchId: string, owner: string, leaseMs: number): Promise<RunRow | null> {
    return this.insertRun(this.k, this.runRow(watchId, iso(Date.now()), 'now', owner, leaseMs));
  }

  /** The run inserted, or null when either key says another has it (the same due time, or a run going). */
  private async insertRun(db: Kysely<Database>, row: RunRow): Promise<RunRow | null> {
    const inserted = await db
      .insertInto('watch_runs')
      .values(row)
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 ? row : null;
  }

  private runRow(watchId: string, dueAt: string, trigger: RunRow['trigger'], owner: string, leaseMs: number): RunRow {
    const now = Date.now();
    return {
      id: randomUUID(),
      watch_id: watchId,
      due_at: dueAt,
      trigger,
      state: 'running',
      started_at: iso(now),
      finished_at: null,
      calls: 0,
      credits: '0',
      new_items: 0,
      reason: null,
      owner,
      lease_until: iso(now + leaseMs),
    };
  }

  async renew(runId: string, owner: string, leaseMs: number) {
    await this.k
      .updateTable('watch_runs')
      .set({ lease_until: iso(Date.now() + leaseMs) })
      .where('id', '=', runId)
      .where('owner', '=', owner)
      .where('state', '=', 'running')
      .execute();
  }

  /** Records how a run ended; returns the finish time written (what its row and its webhooks say). */
  async finish(runId: string, set: Pick<RunRow, 'state' | 'calls' | 'credits' | 'new_items' | 'reason'>) {
    const finishedAt = iso(Date.now());
    await this.k
      .updateTable('watch_runs')
      .set({ ...set, finished_at: finishedAt })
      .where('id', '=', runId)
      .where('state', '=', 'running')
      .execute();
    return finishedAt;
  }

  /**
   * Runs left 'running' by a process that is gone (killed, crashed) or whose lease ran out, marked 'interrupted'
   * with what the ledger says they bought (every call is journalled before it is sent). Returns how many.
   */
  async markInterrupted(now = new Date()): Promise<number> {
    const running = await this.k.selectFrom('watch_runs').selectAll().where('state', '=', 'running').execute();
    let marked = 0;
    for (const run of running) {
      if (!processGone(run.owner) && run.lease_until > iso(now)) continue;
      const bought = await this.bought(run.watch_id, run.started_at);
      const result = await this.k
        .updateTable('watch_runs')
        .set({
          state: 'interrupted',
          finished_at: iso(now),
          calls: bought.calls,
          credits: bought.credits,
          reason: INTERRUPTED,
        })
        .where('id', '=', run.id)
        .where('state', '=', 'running')
        .where('owner', '=', run.owner)
        .executeTakeFirst();
      marked += Number(result.numUpdatedRows);
    }
    return marked;
  }

  /**
   * What the watch's ledger rows since `since` cost: settled and unknown outcomes at their credits, calls still in
   * flight at what they hold. Its cap counts this; an interrupted run's figures are read from it.
   */
  async bought(watchId: string, since: string): Promise<{ calls: number; credits: string }> {
    const rows = await this.k
      .selectFrom('purchases')
      .select(['state', 'credits', 'reserved'])
      .where('watch_id', '=', watchId)
      .where('at', '>=', since)
      .where('state', '!=', 'cleared')
      .execute();
    const credits = rows.reduce(
      (sum, row) => sum.plus(row.state === 'pending' ? row.reserved : row.credits),
      new Big(0),
    );
    return { calls: rows.length, credits: credits.toString() };
  }

  runs(watchId: string, limit = 50): Promise<RunRow[]> {
    return this.k
      .selectFrom('watch_runs')
      .selectAll()
      .where('watch_id', '=', watchId)
      .orderBy('started_at', 'desc')
      .limit(limit)
      .execute();
  }

  /** Each watch's newest run: one indexed look per watch, however many runs it has had. */
  async lastRuns(watchIds: string[]): Promise<Map<string, RunRow>> {
    const last = new Map<string, RunRow>();
    for (const id of watchIds) {
      const row = await this.k
        .selectFrom('watch_runs')
        .selectAll()
        .where('watch_id', '=', id)
        .orderBy('started_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (row) last.set(id, row);
    }
    return last;
  }

  /** The keys among `keys` the watch has found before. */
  async known(watchId: string, keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.k
      .selectFrom('watch_items')
      .select('key')
      .where('watch_id', '=', watchId)
      .where('key', 'in', keys)
      .execute();
    return new Set(rows.map((row) => row.key));
  }

  /** Whether the watch has found anything yet: its first run's page is the baseline. */
  async hasItems(watchId: string): Promise<boolean> {
    return (
      (await this.k.selectFrom('watch_items').select('key').where('watch_id', '=', watchId).executeTakeFirst()) !==
      undefined
    );
  }

  async addItems(items: ItemRow[]) {
    for (const item of items)
      await this.k
        .insertInto('watch_items')
        .values(item)
        .onConflict((conflict) => conflict.columns(['watch_id', 'key']).doNothing())
        .execute();
  }

  /** The unseen items (that matched) of the watches `owner` reaches (null: every watch). */
  private unseenItems(owner: string | null) {
    let query = this.k
      .selectFrom('watch_items')
      .innerJoin('watches', 'watches.id', 'watch_items.watch_id')
      .where('watch_items.seen_at', 'is', null)
      .where('watch_items.matched', '=', 1);
    if (owner !== null) query = query.where('watches.owner', '=', owner);
    return query;
  }

  /**
   * A page of the unseen items `owner` reaches, newest first (found time, then watch and key: one order that every
   * item has one place in), from just after `before` (the last item of the page before). An item found while the
   * person pages comes before the first page, so it neither repeats nor pushes one out of the pages they read.
   */
  unseen(owner: string | null, { limit, before }: { limit: number; before?: UnseenCursor }): Promise<ItemRow[]> {
    let query = this.unseenItems(owner).selectAll('watch_items');
    if (before)
      query = query.where((eb) =>
        eb.or([
          eb('watch_items.found_at', '<', before.foundAt),
          eb.and([
            eb('watch_items.found_at', '=', before.foundAt),
            eb.or([
              eb('watch_items.watch_id', '<', before.watchId),
              eb.and([eb('watch_items.watch_id', '=', before.watchId), eb('watch_items.key', '<', before.key)]),
            ]),
          ]),
        ]),
      );
    return query
      .orderBy('watch_items.found_at', 'desc')
      .orderBy('watch_items.watch_id', 'desc')
      .orderBy('watch_items.key', 'desc')
      .limit(limit)
      .execute();
  }

  /** How many unseen items each watch `owner` reaches has (the page's heading per watch, whatever is loaded). */
  async unseenByWatch(owner: string | null): Promise<Record<string, number>> {
    const rows = await this.unseenItems(owner)
      .select((eb) => ['watch_items.watch_id', eb.fn.countAll<string | number>().as('count')])
      .groupBy('watch_items.watch_id')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.watch_id, Number(row.count)]));
  }

  /** How many unseen items (that matched) the watches `owner` reaches have: the navigation's count. */
  async unseenCount(owner: string | null): Promise<number> {
    const row = await this.unseenItems(owner)
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /** Marks `watchIds`' unseen items seen; returns how many. */
  async markSeen(watchIds: string[]): Promise<number> {
    if (watchIds.length === 0) return 0;
    const result = await this.k
      .updateTable('watch_items')
      .set({ seen_at: iso(Date.now()) })
      .where('watch_id', 'in', watchIds)
      .where('seen_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
