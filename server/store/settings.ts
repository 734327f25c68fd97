import type { Kysely } from 'kysely';
import type { Db } from './open.ts';
import type { Database } from './schema.ts';

/** What the person sets from the browser and the store keeps for every process: their own credit limit. */
export class Settings {
  constructor(private readonly db: Db) {}

  /** `db` is the transaction a journal entry reads it in, beside the spend it is checked against. */
  async personalLimit(db: Kysely<Database> = this.db.kysely): Promise<string | null> {
    const row = await db.selectFrom('settings').select('value').where('key', '=', 'personal_limit').executeTakeFirst();
    return row?.value ?? null;
  }

  async setPersonalLimit(limit: string | null) {
    const value = { key: 'personal_limit', value: limit };
    await this.db.write((trx) =>
      trx
        .insertInto('settings')
        .values(value)
        .onConflict((conflict) => conflict.column('key').doUpdateSet(value))
        .execute(),
    );
  }
}
