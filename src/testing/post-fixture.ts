import type { Author, Post } from '../contract/upstream/types';

export const ada: Author = { id: '1', name: 'Ada Lovelace', handle: 'ada', avatarUrl: null, verified: false };

/** A plain post, with whatever a test changes. */
export function postFixture(patch: Partial<Post> = {}): Post {
  return {
    id: '1900000000000000001',
    createdAt: '2026-11-25T09:00:00.000Z',
    text: 'The Analytical Engine weaves algebraic patterns.',
    lang: 'en',
    source: null,
    counts: { replies: 1, reposts: 2, quotes: 0, favorites: 3, bookmarks: null, views: 40 },
    links: [],
    mentions: [],
    media: [],
    author: ada,
    replyToId: null,
    repostOf: null,
    quoted: null,
    ...patch,
  };
}
