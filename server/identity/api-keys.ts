import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from '../store/open.ts';
import type { Database } from '../store/schema.ts';
import { newSecret, secretHash } from './passwords.ts';

/** Keys begin with this, so a leaked one is recognisable (secret scanners, logs). */
const PREFIX = 'cs_';

/** A key as its person sees it: never the secret (only its hash is kept). Last use is not recorded. */
export interface KeyView {
  id: string;
  label: string;
  createdAt: string;
}

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

  /** `person`'s keys that still work, oldest first. */
  async list(person: string): Promise<KeyView[]> {
    return this.db.kysely
      .selectFrom('api_keys')
      .select(['id', 'label', 'created_at as createdAt'])
      .where('person', '=', person)
      .where('revoked_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** How many working keys each person has (the admins' list of people). */
  async countsByPerson(): Promise<Map<string, number>> {
    const rows = await this.db.kysely
      .selectFrom('api_keys')
      .select(['person', (eb) => eb.fn.countAll<number | string>().as('keys')])
      .where('revoked_at', 'is', null)
      .groupBy('person')
      .execute();
    return new Map(rows.map((row) => [row.person, Number(row.keys)]));
  }

  /** Key `id` stops working, if it is `owner`'s (null: anyone's): its person and label, or null when not. */
  async revoke(trx: Kysely<Database>, id: string, owner: string | null, now = new Date()) {
    let working = trx
      .selectFrom('api_keys')
      .select(['person', 'label'])
      .where('id', '=', id)
      .where('revoked_at', 'is', null);
    if (owner !== null) working = working.where('person', '=', owner);
    const key = await working.executeTakeFirst();
    if (!key) return null;
    await trx.updateTable('api_keys').set({ revoked_at: now.toISOString() }).where('id', '=', id).execute();
    return key;
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
