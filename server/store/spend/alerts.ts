import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import type { Selectable } from 'kysely';
import type { FiredAlert, SpendAlert } from '../../../src/contract/spend.ts';
import type { Db } from '../open.ts';
import type { SessionOwner, Sessions } from '../reads/sessions.ts';
import type { SpendAlertTable } from '../schema.ts';
import { periodScope, personScope, readTotals, sessionScope } from '../totals.ts';

/** Enough for anyone; a bound, so a script cannot make each session read check a million of them. */
export const MAX_ALERTS = 20;

const asAlert = (row: Selectable<SpendAlertTable>): SpendAlert => ({
  id: row.id,
  kind: row.kind,
  threshold: row.threshold,
  createdAt: row.created_at,
  firedFor: row.fired_for,
  firedAt: row.fired_at,
});

/**
 * The alerts a person sets ("when this session passes 2 credits", "when today passes 80 % of the limit"), kept in
 * the store for every process and browser. Each fires once for what it watches (the session, or the UTC day):
 * `fire` is called as the session state is read, and claims a crossed alert with one conditional UPDATE, so of
 * all the tabs and processes reading at that moment exactly one answer carries it, and no later read does.
 */
export class SpendAlerts {
  constructor(
    private readonly db: Db,
    private readonly sessions: Sessions,
  ) {}

  /** `who`'s own alerts (#33): each person sees and is alerted by theirs only. */
  async list(who: SessionOwner): Promise<SpendAlert[]> {
    return (await this.rowsOf(who)).map(asAlert);
  }

  private rowsOf(who: SessionOwner) {
    const all = this.db.kysely.selectFrom('spend_alerts').selectAll().orderBy('created_at');
    return (who === null ? all.where('person', 'is', null) : all.where('person', '=', who)).execute();
  }

  /** Null when `who` has MAX_ALERTS already. */
  async add(who: SessionOwner, kind: SpendAlert['kind'], threshold: string): Promise<SpendAlert | null> {
    const row = {
      id: randomUUID(),
      kind,
      threshold: new Big(threshold).toFixed(),
      created_at: new Date().toISOString(),
      fired_for: null,
      fired_at: null,
      person: who,
    };
    const added = await this.db.write(async (trx) => {
      const count = await trx
        .selectFrom('spend_alerts')
        .select((eb) => eb.fn.countAll<number | string>().as('alerts'))
        .where((eb) => (who === null ? eb('person', 'is', null) : eb('person', '=', who)))
        .executeTakeFirst();
      if (Number(count?.alerts ?? 0) >= MAX_ALERTS) return false;
      await trx.insertInto('spend_alerts').values(row).execute();
      return true;
    });
    return added ? asAlert(row) : null;
  }

  /** Whether `who` had one to remove: another person's alert is not theirs to remove. */
  async remove(who: SessionOwner, id: string): Promise<boolean> {
    const removed = await this.db.write((trx) =>
      trx
        .deleteFrom('spend_alerts')
        .where('id', '=', id)
        .where((eb) => (who === null ? eb('person', 'is', null) : eb('person', '=', who)))
        .executeTakeFirst(),
    );
    return Number(removed.numDeletedRows) > 0;
  }

  /**
   * The alerts crossed now and not yet fired for what they watch, each claimed by this call alone. `limit` is what a
   * `today` alert is a percentage of (session-routes.ts chooses it; none fires without one). Only
   * `who`'s alerts, against their own session and their own spend today (#33); where nobody signs in, the store's.
   */
  async fire(who: SessionOwner, limit: string | null, now = new Date()): Promise<FiredAlert[]> {
    const alerts = await this.rowsOf(who);
    if (alerts.length === 0) return [];
    const session = await this.sessions.current(who);
    const today = who === null ? periodScope('day', now) : personScope(who, 'day', now);
    const watched = {
      session: { scope: sessionScope(session.id), spent: null as string | null },
      today: { scope: today, spent: null as string | null },
    };
    const fired: FiredAlert[] = [];
    for (const alert of alerts) {
      const watch = watched[alert.kind];
      if (alert.fired_for === watch.scope) continue;
      const threshold =
        alert.kind === 'session'
          ? alert.threshold
          : limit === null
            ? null
            : new Big(limit).times(alert.threshold).div(100);
      if (threshold === null) continue;
      watch.spent ??= (await readTotals(this.db.kysely, watch.scope)).spent;
      if (new Big(watch.spent).lt(threshold)) continue;
      const firedAt = now.toISOString();
      // Only from the state just read: another reader that claimed it first makes this update miss.
      const claimed = await this.db.transact((trx) =>
        trx
          .updateTable('spend_alerts')
          .set({ fired_for: watch.scope, fired_at: firedAt })
          .where('id', '=', alert.id)
          .where((eb) => eb.or([eb('fired_for', 'is', null), eb('fired_for', '!=', watch.scope)]))
          .executeTakeFirst(),
      );
      if (Number(claimed.numUpdatedRows) === 0) continue;
      fired.push({
        id: alert.id,
        kind: alert.kind,
        threshold: alert.threshold,
        spent: watch.spent,
        limit: alert.kind === 'today' ? limit : null,
        firedAt,
      });
    }
    return fired;
  }
}
