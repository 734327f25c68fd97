import type { Db } from '../../store/open.ts';
import { FEED_ENTRIES_MAX } from '../../../src/contract/watch-feeds.ts';

export interface FeedItem {
  watchId: string;
  watchName: string;
  key: string;
  foundAt: string;
  preview: string;
  link: string;
}

/**
 * The newest items (that matched) of the watches `owner` has (null: every watch), or of one of them: read from
 * what the watches' runs found, in the store. Nothing here asks the upstream. Seen or not in the app, all are listed.
 */
export async function feedItems(db: Db, owner: string | null, watchId?: string): Promise<FeedItem[]> {
  let query = db.kysely
    .selectFrom('watch_items')
    .innerJoin('watches', 'watches.id', 'watch_items.watch_id')
    .select([
      'watch_items.watch_id as watchId',
      'watches.name as watchName',
      'watch_items.key as key',
      'watch_items.found_at as foundAt',
      'watch_items.preview as preview',
      'watch_items.link as link',
    ])
    .where('watch_items.matched', '=', 1);
  if (owner !== null) query = query.where('watches.owner', '=', owner);
  if (watchId !== undefined) query = query.where('watches.id', '=', watchId);
  return query
    .orderBy('watch_items.found_at', 'desc')
    .orderBy('watch_items.key', 'desc')
    .limit(FEED_ENTRIES_MAX)
    .execute();
}

/** One watch, if `owner` (null: anyone) has it. */
export function ownedWatch(db: Db, owner: string | null, watchId: string) {
  let query = db.kysely.selectFrom('watches').select(['id', 'name', 'created_at']).where('id', '=', watchId);
  if (owner !== null) query = query.where('owner', '=', owner);
  return query.executeTakeFirst();
}
