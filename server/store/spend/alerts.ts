import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import type { Selectable } from 'kysely';
import type { FiredAlert, SpendAlert } from '../../../src/contract/spend.ts';
import type { Db } from '../open.ts';
import type { Sessions } from '../reads/sessions.ts';
import type { SpendAlertTable } from '../schema.ts';
import { periodScope, readTotals, sessionScope } from '../totals.ts';

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

  async list(): Promise<SpendAlert[]> {
    const rows = await this.db.kysely.selectFrom('spend_alerts').selectAll().orderBy('created_at').execute();
    return rows.map(asAlert);
  }

  /** Null when there are MAX_ALERTS already. */
  async add(kind: SpendAlert['kind'], threshold: string): Promise<SpendAlert | null> {
    const row = {
      id: randomUUID(),
      kind,
      threshold: new Big(threshold).toFixed(),
      created_at: new Date().toISOString(),
      fired_for: null,
      fired_at: null,
    };
    const added = await this.db.write(async (trx) => {
      const count = await trx
        .selectFrom('spend_alerts')
        .select((eb) => eb.fn.countAll<number | string>().as('alerts'))
        .executeTakeFirst();
      if (Number(count?.alerts ?? 0) >= MAX_ALERTS) return false;
      await trx.insertInto('spend_alerts').values(row).execute();
      return true;
    });
    return added ? asAlert(row) : null;
  }

  /** Whether there was one to remove. */
  async remove(id: string): Promise<boolean> {
    const removed = await this.db.write((trx) =>
      trx.deleteFrom('spend_alerts').where('id', '=', id).executeTakeFirst(),
    );
    return Number(removed.numDeletedRows) > 0;
  }

  /**
   * The alerts crossed now and not yet fired for what they watch, each claimed by this call alone. `limit` is the
   * tighter limit the session state shows (a `today` alert is a percentage of it; none fires without one).
   */
  async fire(limit: string | null, now = new Date()): Promise<FiredAlert[]> {
    const alerts = await this.db.kysely.selectFrom('spend_alerts').selectAll().execute();
    if (alerts.length === 0) return [];
    const session = await this.sessions.current();
    const watched = {
      session: { scope: sessionScope(session.id), spent: null as string | null },
      today: { scope: periodScope('day', now), spent: null as string | null },
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
