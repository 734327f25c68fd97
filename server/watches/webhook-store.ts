import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../store/open.ts';
import type { WatchDeliveryTable, WatchWebhookTable } from '../store/schema.ts';

export type WebhookRow = Selectable<WatchWebhookTable>;
export type DeliveryRow = Selectable<WatchDeliveryTable>;

const iso = (at: number) => new Date(at).toISOString();

/** A webhook's key: one watch's own, or one person's for all their watches (`person:` where nobody signs in). */
export const watchScope = (watchId: string) => `watch:${watchId}`;
export const personScope = (person: string | null) => `person:${person ?? ''}`;

/** 32 random bytes, hex: what signs a webhook's deliveries. */
const newSecret = () => randomBytes(32).toString('hex');

/** Webhooks and their deliveries in the shared store: each delivery created once, each attempt claimed once. */
export class WebhookStore {
  constructor(readonly db: Db) {}

  private get k() {
    return this.db.kysely;
  }

  get(scope: string): Promise<WebhookRow | undefined> {
    return this.k.selectFrom('watch_webhooks').selectAll().where('scope', '=', scope).executeTakeFirst();
  }

  /** Sets the URL; a new webhook, or `resetSecret`, gets a new secret. */
  async put(
    scope: string,
    owner: { watchId: string | null; person: string | null },
    url: string,
    resetSecret: boolean,
  ) {
    const now = iso(Date.now());
    const existing = await this.get(scope);
    if (existing) {
      await this.k
        .updateTable('watch_webhooks')
        .set({ url, updated_at: now, ...(resetSecret ? { secret: newSecret() } : {}) })
        .where('scope', '=', scope)
        .execute();
    } else {
      await this.k
        .insertInto('watch_webhooks')
        .values({
          scope,
          watch_id: owner.watchId,
          person: owner.person,
          url,
          secret: newSecret(),
          created_at: now,
          updated_at: now,
        })
        .onConflict((conflict) => conflict.column('scope').doUpdateSet({ url, updated_at: now }))
        .execute();
    }
    return (await this.get(scope))!;
  }

  /** Removes the webhook; its pending deliveries fail at their next attempt (nowhere to send them). */
  async remove(scope: string): Promise<boolean> {
    const result = await this.k.deleteFrom('watch_webhooks').where('scope', '=', scope).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** A deleted watch's own webhook and every delivery of its runs. */
  async removeWatch(watchId: string) {
    await this.db.transact(async (trx) => {
      await trx.deleteFrom('watch_deliveries').where('watch_id', '=', watchId).execute();
      await trx.deleteFrom('watch_webhooks').where('scope', '=', watchScope(watchId)).execute();
    });
  }

  /**
   * One delivery of a run to each of `scopes` that has a webhook, due now: inserted under UNIQUE (run, scope), so
   * however many processes (or retries of this) create them, each exists once. Returns how many were new.
   */
  async enqueue(runId: string, watchId: string, scopes: string[], body: string, items: number): Promise<number> {
    const hooks = await this.k.selectFrom('watch_webhooks').select('scope').where('scope', 'in', scopes).execute();
    let created = 0;
    const now = iso(Date.now());
    for (const { scope } of hooks) {
      const inserted = await this.k
        .insertInto('watch_deliveries')
        .values({
          id: randomUUID(),
          run_id: runId,
          watch_id: watchId,
          scope,
          body,
          items,
          state: 'pending',
          attempts: 0,
          created_at: now,
          next_attempt_at: now,
          last_attempt_at: null,
          last_status: null,
          last_error: null,
          lease_owner: null,
          lease_until: null,
        })
        .onConflict((conflict) => conflict.columns(['run_id', 'scope']).doNothing())
        .executeTakeFirst();
      created += Number(inserted.numInsertedOrUpdatedRows ?? 0);
    }
    return created;
  }

  /**
   * Runs since `since` with new items but without a delivery to a webhook that covered their watch when they
   * finished: a process that stopped between finishing a run and creating its deliveries left them so.
   */
  async runsMissingDeliveries(since: string, limit = 20): Promise<string[]> {
    const rows = await sql<{ id: string }>`
      SELECT DISTINCT r.id FROM watch_runs r
      JOIN watches w ON w.id = r.watch_id
      JOIN watch_webhooks h ON h.scope = ('watch:' || r.watch_id) OR h.scope = ('person:' || COALESCE(w.owner, ''))
      WHERE r.state = 'done' AND r.new_items > 0 AND r.finished_at >= ${since} AND r.finished_at >= h.created_at
        AND NOT EXISTS (SELECT 1 FROM watch_deliveries d WHERE d.run_id = r.id AND d.scope = h.scope)
      LIMIT ${limit}`.execute(this.k);
    return rows.rows.map((row) => row.id);
  }

  /**
   * Claims up to `limit` deliveries whose next attempt is due and that nobody holds (or whose holder's lease ran
   * out: it stopped mid-send): a conditional update per row, so one process wins each attempt.
   */
  async claimDue(owner: string, leaseMs: number, limit: number): Promise<DeliveryRow[]> {
    const now = Date.now();
    const candidates = await this.k
      .selectFrom('watch_deliveries')
      .select('id')
      .where('state', '=', 'pending')
      .where('next_attempt_at', '<=', iso(now))
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', iso(now))]))
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute();
    const claimed: DeliveryRow[] = [];
    for (const { id } of candidates) {
      const result = await this.k
        .updateTable('watch_deliveries')
        .set({ lease_owner: owner, lease_until: iso(now + leaseMs) })
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', iso(now))]))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) continue;
      const row = await this.k.selectFrom('watch_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
      if (row) claimed.push(row);
    }
    return claimed;
  }

  /** An attempt's outcome, by the process that held it: delivered, failed for good, or due again at `nextAt`. */
  async recordAttempt(
    id: string,
    owner: string,
    outcome: { state: DeliveryRow['state']; status: number | null; error: string | null; nextAt: number | null },
  ) {
    const row = await this.k.selectFrom('watch_deliveries').select('attempts').where('id', '=', id).executeTakeFirst();
    if (!row) return;
    await this.k
      .updateTable('watch_deliveries')
      .set({
        state: outcome.state,
        attempts: row.attempts + 1,
        last_attempt_at: iso(Date.now()),
        last_status: outcome.status,
        last_error: outcome.error,
        next_attempt_at: outcome.nextAt === null ? null : iso(outcome.nextAt),
        lease_owner: null,
        lease_until: null,
      })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .execute();
  }

  /** A watch's deliveries, newest first, with where each goes now. */
  deliveries(watchId: string, limit = 50) {
    return this.k
      .selectFrom('watch_deliveries')
      .leftJoin('watch_webhooks', 'watch_webhooks.scope', 'watch_deliveries.scope')
      .selectAll('watch_deliveries')
      .select('watch_webhooks.url')
      .where('watch_deliveries.watch_id', '=', watchId)
      .orderBy('watch_deliveries.created_at', 'desc')
      .orderBy('watch_deliveries.id')
      .limit(limit)
      .execute();
  }
}

/** The items a run found that matched (what its deliveries carry), oldest first, at most `limit`. */
export function itemsOfRun(db: Db, runId: string, limit: number) {
  return db.kysely
    .selectFrom('watch_items')
    .selectAll()
    .where('run_id', '=', runId)
    .where('matched', '=', 1)
    .orderBy('found_at')
    .orderBy('key')
    .limit(limit)
    .execute();
}
