import type { Kysely } from 'kysely';
import type { Db } from './open.ts';
import type { SessionOwner } from './reads/sessions.ts';
import type { Database } from './schema.ts';

/**
 * Whose session limit a key holds (#33): each person's own, so what one member sets changes nobody else's; the
 * store-wide key where nobody signs in (loopback), as it always was. Names never hold a ':' (people.ts).
 */
const limitKey = (who: SessionOwner) => (who === null ? 'personal_limit' : `personal_limit:${who}`);

/** What a person sets from the browser and the store keeps for every process: their own limit on their session. */
export class Settings {
  constructor(private readonly db: Db) {}

  /** `db` is the transaction a journal entry reads it in, beside the spend it is checked against. */
  async personalLimit(who: SessionOwner, db: Kysely<Database> = this.db.kysely): Promise<string | null> {
    const row = await db.selectFrom('settings').select('value').where('key', '=', limitKey(who)).executeTakeFirst();
    return row?.value ?? null;
  }

  async setPersonalLimit(who: SessionOwner, limit: string | null) {
    const value = { key: limitKey(who), value: limit };
    await this.db.write((trx) =>
      trx
        .insertInto('settings')
        .values(value)
        .onConflict((conflict) => conflict.column('key').doUpdateSet(value))
        .execute(),
    );
  }
}
