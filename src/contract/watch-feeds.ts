import * as v from 'valibot';

/**
 * Atom feeds of watches (#37 part 4): one of all of a person's watches and one a watch, at private addresses that
 * hold the person's feed key (a feed reader sends no cookie and no header of ours: the key in the address is its
 * only credential). Served from what the watches found (server/watches/feeds): reading a feed never spends.
 *
 * - GET  /api/_watches/feed        → FeedKeyAnswer (the asker's key; one is made the first time)
 * - POST /api/_watches/feed/reset  ({}) → FeedKeyAnswer (a new key: the old addresses answer 404 from then on)
 * - GET  /feeds/<key>/watches.atom        Atom: the newest items of all the key holder's watches
 * - GET  /feeds/<key>/watches/<id>.atom   Atom: the newest items of one of them
 */
export const FEED_KEY_PATH = '/api/_watches/feed';
export const FEED_RESET_PATH = '/api/_watches/feed/reset';
/** Where feeds are served: outside /api (whose rules want the app's own headers) and outside the pages. */
export const FEEDS_PREFIX = '/feeds';
/** At most this many entries in a feed, newest first. */
export const FEED_ENTRIES_MAX = 100;

/** A key as made (crypto random, base64url): anything else is not one, and is answered 404 without a look. */
export const FEED_KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export const allWatchesFeedPath = (key: string) => `${FEEDS_PREFIX}/${key}/watches.atom`;
export const watchFeedPath = (key: string, watchId: string) =>
  `${FEEDS_PREFIX}/${key}/watches/${encodeURIComponent(watchId)}.atom`;

export const feedKeyAnswer = v.object({ key: v.pipe(v.string(), v.regex(FEED_KEY_PATTERN)) });
export type FeedKeyAnswer = v.InferOutput<typeof feedKeyAnswer>;
