import type { Db } from '../store/open.ts';

/**
 * Sign-in attempts, throttled per name and per address (OWASP: account lockout with a bounded duration). Wrong
 * passwords are counted in a window of 15 minutes: the 20th for a name, or the 60th from one address (many
 * names tried from one place), locks that name or address for 15 minutes, during which every try is refused
 * unchecked with how long to wait. A right password clears its name's count. Kept in the store, so every
 * instance counts the same tries.
 */
export const THROTTLE = { window: 15 * 60_000, lockMs: 15 * 60_000, perName: 20, perAddress: 60 };

export class Throttle {
  constructor(private readonly db: Db) {}

  private keys(name: string, address: string) {
    return [
      { key: `name:${name}`, limit: THROTTLE.perName },
      { key: `address:${address}`, limit: THROTTLE.perAddress },
    ];
  }

  /** Seconds to wait before trying again, or null when a try may be checked now. */
  async retryAfter(name: string, address: string, now = new Date()): Promise<number | null> {
    const rows = await this.db.kysely
      .selectFrom('sign_in_failures')
      .select(['locked_until'])
      .where(
        'key',
        'in',
        this.keys(name, address).map((entry) => entry.key),
      )
      .execute();
    const until = rows
      .map((row) => row.locked_until)
      .filter((at): at is string => at !== null && at > now.toISOString())
      .sort()
      .pop();
    return until ? Math.max(1, Math.ceil((new Date(until).getTime() - now.getTime()) / 1000)) : null;
  }

  /** A wrong password for `name` from `address`. */
  async failed(name: string, address: string, now = new Date()): Promise<void> {
    await this.db.transact(async (trx) => {
      for (const { key, limit } of this.keys(name, address)) {
        const row = await trx.selectFrom('sign_in_failures').selectAll().where('key', '=', key).executeTakeFirst();
        const fresh = !row || now.getTime() - new Date(row.first_at).getTime() > THROTTLE.window;
        const failures = fresh ? 1 : row.failures + 1;
        const reached = failures >= limit;
        // Reached: locked, and the count starts again from nothing once the lock is over.
        const values = {
          failures: reached ? 0 : failures,
          first_at: reached
            ? new Date(now.getTime() + THROTTLE.lockMs).toISOString()
            : fresh
              ? now.toISOString()
              : row.first_at,
          locked_until: reached ? new Date(now.getTime() + THROTTLE.lockMs).toISOString() : (row?.locked_until ?? null),
        };
        if (row) await trx.updateTable('sign_in_failures').set(values).where('key', '=', key).execute();
        else
          await trx
            .insertInto('sign_in_failures')
            .values({ key, ...values })
            .execute();
      }
    });
  }

  /** The right password: its name starts afresh (the address keeps its count). */
  async succeeded(name: string): Promise<void> {
    await this.db.transact((trx) => trx.deleteFrom('sign_in_failures').where('key', '=', `name:${name}`).execute());
  }
}
