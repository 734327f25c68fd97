import type { Db } from '../store/open.ts';
import { newSecret, secretHash } from './passwords.ts';

/** OWASP's session management: an idle session ends after 8 hours, any session after 7 days. */
export const IDLE_MS = 8 * 3_600_000;
export const ABSOLUTE_MS = 7 * 24 * 3_600_000;
/** last_seen_at is written at most this often per session: not one write per request. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Signed-in browsers, in the store so every instance knows them. The cookie holds 32 random bytes; the
 * table holds their SHA-256, so a copy of the table signs nobody in.
 */
export class SignIns {
  constructor(private readonly db: Db) {}

  /** A new session for `person`: the cookie's value. Replacing `previous` (rotation on sign-in). */
  async start(person: string, previous?: string, now = new Date()): Promise<string> {
    const id = newSecret();
    await this.db.transact(async (trx) => {
      if (previous) await trx.deleteFrom('sign_ins').where('id_hash', '=', secretHash(previous)).execute();
      await trx
        .insertInto('sign_ins')
        .values({
          id_hash: secretHash(id),
          person,
          created_at: now.toISOString(),
          last_seen_at: now.toISOString(),
          expires_at: new Date(now.getTime() + ABSOLUTE_MS).toISOString(),
        })
        .execute();
    });
    return id;
  }

  /** Whose session `id` is, if it is still alive; an ended one is deleted. */
  async personOf(id: string, now = new Date()): Promise<string | null> {
    const hash = secretHash(id);
    const row = await this.db.kysely.selectFrom('sign_ins').selectAll().where('id_hash', '=', hash).executeTakeFirst();
    if (!row) return null;
    const idleSince = new Date(row.last_seen_at).getTime();
    if (row.expires_at <= now.toISOString() || now.getTime() - idleSince >= IDLE_MS) {
      await this.db.transact((trx) => trx.deleteFrom('sign_ins').where('id_hash', '=', hash).execute());
      return null;
    }
    if (now.getTime() - idleSince >= TOUCH_EVERY_MS)
      await this.db.transact((trx) =>
        trx.updateTable('sign_ins').set({ last_seen_at: now.toISOString() }).where('id_hash', '=', hash).execute(),
      );
    return row.person;
  }

  async end(id: string): Promise<void> {
    await this.db.transact((trx) => trx.deleteFrom('sign_ins').where('id_hash', '=', secretHash(id)).execute());
  }

  /** Sign out everywhere: every session of `person` (also on removal and password reset). */
  async endAll(person: string): Promise<void> {
    await this.db.transact((trx) => trx.deleteFrom('sign_ins').where('person', '=', person).execute());
  }
}
