import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { postSchema } from '../../src/contract/upstream/post.ts';
import type { Post } from '../../src/contract/upstream/types.ts';
import { timelinePage } from '../standin/timeline.ts';
import { USERS } from '../standin/users.ts';
import { readIndexedPost, type IndexedPost } from './indexed-post.ts';

/** What the archive indexes of a post the app's schema read: the oracle the fast reader must equal. */
function indexedFields(post: Post | null, embedded = true): IndexedPost | null {
  if (!post) return null;
  return {
    id: post.id,
    createdAt: post.createdAt,
    text: post.text,
    links: post.links,
    mentions: post.mentions.map(({ handle }) => ({ handle })),
    author: post.author ? { name: post.author.name, handle: post.author.handle } : null,
    hasMedia: post.media.length > 0,
    replyToId: post.replyToId,
    repostOf: embedded ? indexedFields(post.repostOf, false) : null,
    quoted: embedded ? indexedFields(post.quoted, false) : null,
  };
}

const throughSchema = (raw: unknown) => indexedFields(v.parse(postSchema, raw));

const context = { mediaBase: 'http://127.0.0.1:1', now: new Date('2026-11-22T10:00:00Z') };

/** Every post of the stand-in's first pages, ordinary, drifted (`wild`) and hostile users alike. */
const standinPosts = USERS.flatMap((user) => {
  const data = timelinePage(user, undefined, context);
  return [...((data?.timeline as unknown[]) ?? []), ...(data?.pinned ? [data.pinned] : [])];
});

// Each field in every wrong shape the schemas accept without failing.
const ODD_VALUES: unknown[] = [undefined, null, [], {}, '', 0, 7, 'x', true, [{}], [null, 'x', 3]];
const FIELDS = [
  'post_id',
  'created_at',
  'text',
  'author',
  'entities',
  'media',
  'in_reply_to_status_id_str',
  'reply_to',
  'reposted_post',
  'quoted',
];

describe('the indexer reads a post the way the app schemas do', () => {
  it('on every stand-in post (drifted and hostile included)', () => {
    expect(standinPosts.length).toBeGreaterThan(100);
    for (const raw of standinPosts) expect(readIndexedPost(raw)).toEqual(throughSchema(raw));
  });

  it('when any field, or the post itself, arrives missing or in the wrong shape', () => {
    const sample = standinPosts.find((raw) => (raw as { quoted?: unknown }).quoted) as Record<string, unknown>;
    expect(sample).toBeDefined();
    for (const odd of ODD_VALUES) {
      expect(readIndexedPost(odd)).toEqual(throughSchema(odd));
      for (const field of FIELDS) {
        const raw = { ...sample, [field]: odd };
        expect(readIndexedPost(raw), `${field}: ${JSON.stringify(odd)}`).toEqual(throughSchema(raw));
      }
    }
  });

  it('when the entities and media inside are partly unusable', () => {
    const raw = {
      post_id: 42,
      created_at: '2026-11-20T08:00:00Z',
      text: 'see https://t.co/a and @ada #x',
      author: { screen_name: '', name: 'Only a name' },
      entities: {
        urls: [
          { url: 'https://t.co/a', expanded_url: 'javascript:alert(1)', display_url: '' },
          { url: '', expanded_url: 'https://example.org/' },
          { url: 'https://t.co/b', expanded_url: ' https://www.example.org/b ' },
          'not a link',
        ],
        user_mentions: [{ screen_name: 'ada' }, { name: 'no handle' }, null],
      },
      media: { photo: [{ id: 1, media_url_https: 'data:image/png;base64,AA' }], video: [{ id: 'v' }] },
      reply_to: 'someone',
      reposted_post: { post_id: '', text: 'no id' },
    };
    expect(readIndexedPost(raw)).toEqual(throughSchema(raw));
    const withMedia = { ...raw, media: { photo: [], video: [{ id: 9, media_url_https: 'https://m.example/v.jpg' }] } };
    expect(readIndexedPost(withMedia)?.hasMedia).toBe(true);
    expect(readIndexedPost(withMedia)).toEqual(throughSchema(withMedia));
  });
});
