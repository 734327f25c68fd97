import { driftPost, driftUser, hostilePost, HOSTILE_USER_FIELDS } from './drift.ts';
import { author, generatePost, postId, type PostContext } from './posts.ts';
import { formatUpstreamDate } from './random.ts';
import type { StandinUser } from './users.ts';

export const PAGE_SIZE = 20;

interface Cursor {
  direction: 'older' | 'newer';
  offset: number;
}

/** Opaque like the real ones, and always with `+`, `/` and `=` so clients must encode them. */
export function encodeCursor(user: StandinUser, cursor: Cursor): string {
  const payload = Buffer.from(`${user.restId}|${cursor.direction}|${cursor.offset}`).toString('base64');
  return `DAAB+${cursor.direction === 'older' ? 'Cg' : 'Cw'}/${payload.replace(/=+$/, '')}==`;
}

export function decodeCursor(raw: string): Cursor | null {
  const match = /^DAAB\+C[gw]\/(.+?)=*$/.exec(raw);
  if (!match) return null;
  const [, direction, offset] = Buffer.from(match[1]!, 'base64').toString('utf8').split('|');
  const value = Number(offset);
  if ((direction !== 'older' && direction !== 'newer') || !Number.isInteger(value) || value < 0) return null;
  return { direction, offset: value };
}

function userObject(user: StandinUser, context: PostContext) {
  const { avatar } = author(user, context.mediaBase);
  const base: Record<string, unknown> = {
    id: user.restId,
    rest_id: user.restId,
    status: user.status === 'suspended' ? 'suspended' : 'active',
    profile: user.handle,
    name: user.name,
    blue_verified: user.verified,
    affiliates: user.affiliate
      ? {
          label: {
            url: { url: user.affiliate.url, urlType: 'DeepLink' },
            badge: { url: `${context.mediaBase}/media/badge-${user.handle}.svg?w=64&h=64` },
            description: user.affiliate.description,
            userLabelType: 'BusinessLabel',
            userLabelDisplayType: 'Badge',
          },
        }
      : {},
    business_account: [],
    avatar,
    header_image: `${context.mediaBase}/media/banner-${user.handle}.svg?w=1500&h=500`,
    desc: user.bio,
    protected: user.protected,
    location: user.location,
    friends: user.following,
    sub_count: user.followers,
    statuses_count: user.postCount + user.newerPosts,
    media_count: Math.floor(user.postCount / 2),
    created_at: formatUpstreamDate(new Date(user.joined)),
    pinned_post_ids_str: user.postCount > 12 ? [postId(user, 12)] : [],
  };
  if (user.wild) return driftUser(base);
  if (user.hostile) return { ...base, ...HOSTILE_USER_FIELDS };
  return base;
}

function post(user: StandinUser, index: number, context: PostContext) {
  const generated = generatePost(user, index, context);
  if (user.wild) return driftPost(generated, index);
  if (user.hostile) return hostilePost(generated, index);
  return generated;
}

/** One page of the timeline. The last page repeats its cursor with an empty timeline, as seen in the wild. */
export function timelinePage(user: StandinUser, rawCursor: string | undefined, context: PostContext) {
  const total = user.postCount + user.newerPosts;
  const visible = user.status === 'active' && !user.protected;
  const cursor = rawCursor ? decodeCursor(rawCursor) : { direction: 'older' as const, offset: user.newerPosts };
  if (!cursor) return null;
  let start = cursor.offset;
  let end = Math.min(total, start + PAGE_SIZE);
  if (cursor.direction === 'newer') {
    end = Math.min(cursor.offset, total);
    start = Math.max(0, end - PAGE_SIZE);
  }
  const indices = visible ? Array.from({ length: Math.max(0, end - start) }, (_, i) => start + i) : [];
  const atOlderEnd = cursor.direction === 'older' && start >= total;
  const data: Record<string, unknown> = {
    timeline: indices.map((index) => post(user, index, context)),
    next_cursor: atOlderEnd && rawCursor ? rawCursor : encodeCursor(user, { direction: 'older', offset: end }),
    prev_cursor: encodeCursor(user, { direction: 'newer', offset: start }),
    status: user.status === 'suspended' ? 'suspended' : 'active',
    user: userObject(user, context),
  };
  if (user.wild && !rawCursor) data.pinned = post(user, 12, context);
  return data;
}
