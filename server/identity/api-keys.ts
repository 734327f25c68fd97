import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from '../store/open.ts';
import type { Database } from '../store/schema.ts';
import { newSecret, secretHash } from './passwords.ts';

/** Keys begin with this, so a leaked one is recognisable (secret scanners, logs). */
const PREFIX = 'cs_';

/** Keys for scripts and `npm run job` against a remote server: `Authorization: Bearer <key>` spends as its person. */
export class ApiKeys {
  constructor(private readonly db: Db) {}

  /** A new key, shown once: only its hash is kept. */
  async create(trx: Kysely<Database>, person: string, label: string, now = new Date()): Promise<string> {
    const key = `${PREFIX}${newSecret()}`;
    await trx
      .insertInto('api_keys')
      .values({
        id: randomUUID(),
        key_hash: secretHash(key),
        person,
        label,
        created_at: now.toISOString(),
        revoked_at: null,
      })
      .execute();
    return key;
  }

  async personOf(key: string): Promise<string | null> {
    const row = await this.db.kysely
      .selectFrom('api_keys')
      .select('person')
      .where('key_hash', '=', secretHash(key))
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return row?.person ?? null;
  }

  /** Every key of `person` stops working (on removal). */
  async revokeAll(trx: Kysely<Database>, person: string, now = new Date()) {
    await trx
      .updateTable('api_keys')
      .set({ revoked_at: now.toISOString() })
      .where('person', '=', person)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
