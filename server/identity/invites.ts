import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { newSecret, secretHash } from './passwords.ts';

export const INVITE_MS = 24 * 3_600_000;

/** Welcome links: a person chooses their password on one, once, within 24 hours. */
export class Invites {
  /** A new link's token for `person`; any earlier unused link of theirs stops working. */
  async create(trx: Kysely<Database>, person: string, now = new Date()): Promise<string> {
    const token = newSecret();
    await trx.deleteFrom('invites').where('person', '=', person).where('used_at', 'is', null).execute();
    await trx
      .insertInto('invites')
      .values({
        token_hash: secretHash(token),
        person,
        expires_at: new Date(now.getTime() + INVITE_MS).toISOString(),
        used_at: null,
      })
      .execute();
    return token;
  }

  /** Whether the link may still be used: its hash looked up, cheap enough to do before any password is hashed. */
  async usable(db: Kysely<Database>, token: string, now = new Date()): Promise<boolean> {
    const row = await db
      .selectFrom('invites')
      .select(['used_at', 'expires_at'])
      .where('token_hash', '=', secretHash(token))
      .executeTakeFirst();
    return !!row && row.used_at === null && row.expires_at > now.toISOString();
  }

  /**
   * What a welcome page may say before asking for a password, and no more: whether the link can be used, was used
   * (or replaced by a newer one, or never was: a mistyped link reads the same), or has expired.
   */
  async state(db: Kysely<Database>, token: string, now = new Date()): Promise<'valid' | 'used' | 'expired'> {
    const row = await db
      .selectFrom('invites')
      .select(['used_at', 'expires_at'])
      .where('token_hash', '=', secretHash(token))
      .executeTakeFirst();
    if (!row || row.used_at !== null) return 'used';
    return row.expires_at > now.toISOString() ? 'valid' : 'expired';
  }

  /**
   * Uses the link (inside `trx`, with the password written in the same transaction): whose it was, or null
   * when it is unknown, used or expired. Marked used only where it was not, so two uses cannot both win.
   */
  async redeem(trx: Kysely<Database>, token: string, now = new Date()): Promise<string | null> {
    const hash = secretHash(token);
    const row = await trx.selectFrom('invites').selectAll().where('token_hash', '=', hash).executeTakeFirst();
    if (!row || row.used_at !== null || row.expires_at <= now.toISOString()) return null;
    const used = await trx
      .updateTable('invites')
      .set({ used_at: now.toISOString() })
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1 ? row.person : null;
  }
}
