import { sql, type Kysely } from 'kysely';
import type { Db } from '../store/open.ts';
import type { Database } from '../store/schema.ts';

/**
 * Password and welcome-link tries, throttled in the store so every instance counts the same tries (OWASP:
 * "Blocking Brute Force Attacks", without a lockout a stranger can use against the person).
 *
 * A try is reserved before anything is checked, by one upsert per count that adds it and answers the new count, so a
 * burst fired at once is limited exactly like a slow series: the 21st of 45 concurrent tries sees 21. Counts run in a
 * window of 15 minutes from their first try:
 * - per name from one address: 20 tries, then that address waits for that name (the window's end);
 * - per address: 60 tries at any names, then that address waits (one place spraying many names);
 * - per name from everywhere: past 20, the name is slowed, not locked: one try checked every 2 s, each waiting for
 *   its turn, refused only when the queue is over 10 s long. A stranger elsewhere cannot shut the person out; many
 *   addresses guessing together get one guess per 2 s;
 * - welcome links per address: 20 tries; looking one up (is it still good?) per address: 30.
 * A right password takes its own try back and clears its name's count from that address; a used welcome link clears
 * the name's counts (an admin's fresh link is the way back in for someone who forgot the password).
 */
export const THROTTLE = {
  window: 15 * 60_000,
  perNameFromAddress: 20,
  perAddress: 60,
  nameSlowAfter: 20,
  nameSpacingMs: 2_000,
  nameMaxWaitMs: 10_000,
  welcomePerAddress: 20,
  welcomeChecksPerAddress: 30,
};

/** Check now (after `delayMs`, the name's turn when it is slowed), or refuse saying how long to wait. */
export type Reservation = { kind: 'check'; delayMs: number } | { kind: 'wait'; retryAfterSeconds: number };

const keys = {
  pair: (name: string, address: string) => `pair:${address} ${name}`,
  address: (address: string) => `address:${address}`,
  name: (name: string) => `name:${name}`,
  welcome: (address: string) => `welcome:${address}`,
  check: (address: string) => `welcome-check:${address}`,
};

interface Count {
  failures: number;
  first_at: string;
  locked_until: string | null;
}

const secondsUntil = (at: number, now: Date) => Math.max(1, Math.ceil((at - now.getTime()) / 1000));

/**
 * One more try on `key`, atomically: its count in the current window, started afresh once the window is over. (A row
 * of the earlier lockout, first_at up to 15 minutes ahead, simply counts on until then.)
 */
async function bump(trx: Kysely<Database>, key: string, now: Date): Promise<Count> {
  const at = now.toISOString();
  const stale = sql<boolean>`sign_in_failures.first_at <= ${new Date(now.getTime() - THROTTLE.window).toISOString()}`;
  return trx
    .insertInto('sign_in_failures')
    .values({ key, failures: 1, first_at: at, locked_until: null })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        failures: sql<number>`case when ${stale} then 1 else sign_in_failures.failures + 1 end`,
        first_at: sql<string>`case when ${stale} then ${at} else sign_in_failures.first_at end`,
        locked_until: sql<string | null>`case when ${stale} then null else sign_in_failures.locked_until end`,
      }),
    )
    .returning(['failures', 'first_at', 'locked_until'])
    .executeTakeFirstOrThrow();
}

/** Refused till the window of `count` ends, when it is over `limit`. */
function overLimit(count: Count, limit: number, now: Date): Reservation | null {
  if (count.failures <= limit) return null;
  return { kind: 'wait', retryAfterSeconds: secondsUntil(new Date(count.first_at).getTime() + THROTTLE.window, now) };
}

export class Throttle {
  constructor(private readonly db: Db) {}

  /** A password try for `name` from `address`, reserved before the password is checked. */
  async reserve(name: string, address: string, now = new Date()): Promise<Reservation> {
    return this.db.transact(async (trx) => {
      const pair = await bump(trx, keys.pair(name, address), now);
      const pairRefusal = overLimit(pair, THROTTLE.perNameFromAddress, now);
      if (pairRefusal) return pairRefusal;
      const fromAddress = overLimit(await bump(trx, keys.address(address), now), THROTTLE.perAddress, now);
      if (fromAddress) return fromAddress;
      const named = await bump(trx, keys.name(name), now);
      if (named.failures <= THROTTLE.nameSlowAfter) return { kind: 'check', delayMs: 0 };
      // Slowed: the next free turn, kept as locked_until; this try takes it, unless the queue is too long.
      const turn = Math.max(now.getTime(), named.locked_until ? new Date(named.locked_until).getTime() : 0);
      const delayMs = turn - now.getTime();
      if (delayMs > THROTTLE.nameMaxWaitMs) return { kind: 'wait', retryAfterSeconds: secondsUntil(turn, now) };
      await trx
        .updateTable('sign_in_failures')
        .set({ locked_until: new Date(turn + THROTTLE.nameSpacingMs).toISOString() })
        .where('key', '=', keys.name(name))
        .execute();
      return { kind: 'check', delayMs };
    });
  }

  /** The right password: its try given back, and its name's count from this address cleared. */
  async succeeded(name: string, address: string): Promise<void> {
    await this.db.transact(async (trx) => {
      await trx.deleteFrom('sign_in_failures').where('key', '=', keys.pair(name, address)).execute();
      await trx
        .updateTable('sign_in_failures')
        .set((eb) => ({ failures: eb('failures', '-', 1) }))
        .where('key', 'in', [keys.address(address), keys.name(name)])
        .where('failures', '>', 0)
        .execute();
    });
  }

  /** A welcome-link try from `address`, reserved before the token is looked up. */
  async reserveWelcome(address: string, now = new Date()): Promise<Reservation> {
    return this.db.transact(
      async (trx) =>
        overLimit(await bump(trx, keys.welcome(address), now), THROTTLE.welcomePerAddress, now) ?? {
          kind: 'check',
          delayMs: 0,
        },
    );
  }

  /** A look at a welcome link from `address` (valid, used or expired?), before the welcome page shows its form. */
  async reserveWelcomeCheck(address: string, now = new Date()): Promise<Reservation> {
    return this.db.transact(
      async (trx) =>
        overLimit(await bump(trx, keys.check(address), now), THROTTLE.welcomeChecksPerAddress, now) ?? {
          kind: 'check',
          delayMs: 0,
        },
    );
  }

  /** A welcome link used: its try given back, and `name` starts afresh (from here, and from everywhere). */
  async welcomed(name: string, address: string): Promise<void> {
    await this.db.transact(async (trx) => {
      await trx
        .deleteFrom('sign_in_failures')
        .where('key', 'in', [keys.pair(name, address), keys.name(name)])
        .execute();
      await trx
        .updateTable('sign_in_failures')
        .set((eb) => ({ failures: eb('failures', '-', 1) }))
        .where('key', '=', keys.welcome(address))
        .where('failures', '>', 0)
        .execute();
    });
  }
}
