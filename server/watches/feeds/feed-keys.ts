import { randomBytes } from 'node:crypto';
import type { Db } from '../../store/open.ts';
import { FEED_KEY_PATTERN } from '../../../src/contract/watch-feeds.ts';

/** The holder of the key where nobody signs in: the server's one feed key. */
export const SERVER_HOLDER = '';

/** 24 random bytes, base64url: 32 characters, 192 bits nobody guesses. */
const freshKey = () => randomBytes(24).toString('base64url');

/** Each holder's private feed key, in the shared store: every process serves the same addresses. */
export class FeedKeys {
  constructor(private readonly db: Db) {}

  /** `holder`'s key, made the first time it is asked for (two processes asking at once get the same one). */
  async keyOf(holder: string): Promise<string> {
    await this.db.kysely
      .insertInto('feed_keys')
      .values({ holder, key: freshKey(), made_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.column('holder').doNothing())
      .execute();
    const row = await this.db.kysely
      .selectFrom('feed_keys')
      .select('key')
      .where('holder', '=', holder)
      .executeTakeFirstOrThrow();
    return row.key;
  }

  /** A new key for `holder`: the old one names nobody from now on. */
  async reset(holder: string): Promise<string> {
    const key = freshKey();
    await this.db.kysely
      .insertInto('feed_keys')
      .values({ holder, key, made_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.column('holder').doUpdateSet({ key, made_at: new Date().toISOString() }))
      .execute();
    return key;
  }

  /** Who holds `key`, or null (not a key's shape: not even looked up). */
  async holderOf(key: string): Promise<string | null> {
    if (!FEED_KEY_PATTERN.test(key)) return null;
    const row = await this.db.kysely.selectFrom('feed_keys').select('holder').where('key', '=', key).executeTakeFirst();
    return row?.holder ?? null;
  }
}
