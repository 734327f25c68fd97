import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { FEEDS_PREFIX, allWatchesFeedPath, watchFeedPath } from '../../../src/contract/watch-feeds.ts';
import { hostRefusal } from '../../http/host-name.ts';
import type { Identity } from '../../identity/identity.ts';
import type { Db } from '../../store/open.ts';
import { atomXml, etagOf, titleLine, type AtomFeed } from './atom.ts';
import { feedItems, ownedWatch, type FeedItem } from './feed-items.ts';
import { SERVER_HOLDER, type FeedKeys } from './feed-keys.ts';

export interface FeedDeps {
  db: Db;
  keys: FeedKeys;
  identity: Identity;
  allowedHosts: string[];
  /** CREDITSCOPE_PUBLIC_URL: the links' origin when set. */
  publicUrl: string | null;
}

/** Whose watches a key shows (null: every watch, where nobody signs in), or undefined: it shows nothing. */
async function scopeOfKey(deps: FeedDeps, key: string): Promise<{ owner: string | null } | undefined> {
  const holder = await deps.keys.holderOf(key);
  if (holder === null) return undefined;
  // The server's own key (made while nobody signed in) shows nothing once people sign in: it would show everyone's.
  if (holder === SERVER_HOLDER) return deps.identity.required ? undefined : { owner: null };
  // A removed person's key shows nothing.
  return (await deps.identity.people.find(holder)) ? { owner: holder } : undefined;
}

/**
 * The links' origin: CREDITSCOPE_PUBLIC_URL, else the request's own Host, which the route has checked is loopback
 * or one of ALLOWED_HOSTS (so a forged Host cannot put another site in a feed).
 */
const originOf = (deps: FeedDeps, request: FastifyRequest) =>
  deps.publicUrl ?? `${request.protocol}://${request.headers.host}`;

const entryId = (item: FeedItem) => `urn:creditscope:watch:${item.watchId}:${encodeURIComponent(item.key)}`;

/** The feed of `items`; an entry's title names its watch in a feed of several (`named`). */
function feedOf(
  origin: string,
  items: FeedItem[],
  head: Omit<AtomFeed, 'entries' | 'updated'>,
  since: string,
  named: boolean,
): AtomFeed {
  return {
    ...head,
    updated: new Date(items[0]?.foundAt ?? since),
    entries: items.map((item) => ({
      id: entryId(item),
      title: titleLine(named ? `${item.watchName}: ${item.preview}` : item.preview),
      link: origin + item.link,
      updated: new Date(item.foundAt),
      text: item.preview,
    })),
  };
}

/** 404 with nothing in it: a wrong key, a reset one, another's watch and no such address all look the same. */
const notFound = (reply: FastifyReply) =>
  reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not found');

/** Feeds are only read: any other method is 405 (by the method alone, so it says nothing about a key). */
const notFoundOrNotAllowed = (request: FastifyRequest, reply: FastifyReply) =>
  request.method === 'GET' || request.method === 'HEAD'
    ? notFound(reply)
    : reply.code(405).header('allow', 'GET, HEAD').type('text/plain; charset=utf-8').send('Feeds are only read (GET)');

/** A 304 when the reader's copy is this one (If-None-Match), or not older (If-Modified-Since, without it). */
function unchanged(request: FastifyRequest, etag: string, updated: Date): boolean {
  const tags = request.headers['if-none-match'];
  if (tags !== undefined)
    return tags
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === etag || tag === '*');
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(updated.getTime() / 1000) * 1000 <= since;
}

function sendFeed(request: FastifyRequest, reply: FastifyReply, feed: AtomFeed) {
  const body = atomXml(feed);
  const etag = etagOf(body);
  reply
    .header('etag', etag)
    .header('last-modified', feed.updated.toUTCString())
    // Private (the address is a credential), and asked again each time: a 304 makes that cheap.
    .header('cache-control', 'private, no-cache')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex, nofollow')
    .header('x-content-type-options', 'nosniff');
  if (unchanged(request, etag, feed.updated)) return reply.code(304).send();
  return reply.type('application/atom+xml; charset=utf-8').send(body);
}

type FeedRequest = FastifyRequest<{ Params: { key: string; file?: string } }>;

/**
 * The Atom feeds (#37 part 4), outside /api and outside the pages: a feed reader sends no cookie and none of the
 * app's headers, so the key in the address is the only credential (192 random bits, resettable). Each answer is
 * read from what the watches found, in the store: nothing here can buy, journal or reach the upstream.
 */
export function feedRoutes(deps: FeedDeps): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      // The rule pages and the API meet (DNS rebinding): a name that is not this server's is refused.
      const refused = hostRefusal(request.headers.host, deps.allowedHosts);
      if (refused) return reply.code(403).type('text/plain; charset=utf-8').send(`Blocked request: ${refused}`);
    });
    app.route({
      method: ['GET', 'HEAD'],
      url: `${FEEDS_PREFIX}/:key/watches.atom`,
      handler: async (request: FeedRequest, reply) => {
        const { key } = request.params;
        const scope = await scopeOfKey(deps, key);
        if (!scope) return notFound(reply);
        const origin = originOf(deps, request);
        const items = await feedItems(deps.db, scope.owner);
        const head = {
          id: `urn:creditscope:watches:${scope.owner === null ? 'server' : encodeURIComponent(scope.owner)}`,
          title: scope.owner === null ? 'creditscope: watches' : `creditscope: ${scope.owner}’s watches`,
          self: origin + allWatchesFeedPath(key),
          page: `${origin}/watches`,
        };
        return sendFeed(request, reply, feedOf(origin, items, head, new Date(0).toISOString(), true));
      },
    });
    app.route({
      method: ['GET', 'HEAD'],
      url: `${FEEDS_PREFIX}/:key/watches/:file`,
      handler: async (request: FeedRequest, reply) => {
        const { key, file = '' } = request.params;
        if (!file.endsWith('.atom')) return notFound(reply);
        const scope = await scopeOfKey(deps, key);
        if (!scope) return notFound(reply);
        const watch = await ownedWatch(deps.db, scope.owner, file.slice(0, -'.atom'.length));
        if (!watch) return notFound(reply);
        const origin = originOf(deps, request);
        const items = await feedItems(deps.db, scope.owner, watch.id);
        const head = {
          id: `urn:creditscope:watch:${watch.id}`,
          title: `creditscope: ${watch.name}`,
          self: origin + watchFeedPath(key, watch.id),
          page: `${origin}/watches`,
        };
        return sendFeed(request, reply, feedOf(origin, items, head, watch.created_at, false));
      },
    });
    app.all(`${FEEDS_PREFIX}/*`, async (request, reply) => notFoundOrNotAllowed(request, reply));
    app.all(FEEDS_PREFIX, async (request, reply) => notFoundOrNotAllowed(request, reply));
  };
}
