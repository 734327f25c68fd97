import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { toSearchResults } from './envelope';
import { timelineEnvelope, toTimelinePage } from './timeline-envelope';
import { postSchema } from './post';
import { profileSchema } from './profile';

const specPost = {
  post_id: '1790000000000000001',
  created_at: 'Wed Oct 10 20:19:24 +0000 2018',
  text: 'Hello https://t.co/abc @jack #tag',
  lang: 'en',
  source: '<a href="https://example.org" rel="nofollow">Web App</a>',
  views: '1234',
  bookmarks: 1,
  favorites: 2,
  quotes: 3,
  replies: 4,
  reposts: 5,
  conversation_id: '1790000000000000001',
  entities: {
    hashtags: [],
    symbols: [],
    timestamps: [],
    urls: [{ url: 'https://t.co/abc', expanded_url: 'https://example.org/a', display_url: 'example.org/a' }],
    user_mentions: [{ id_str: '12', name: 'Jack', screen_name: 'jack' }],
  },
  media: { photo: [{ media_url_https: 'https://pbs.example/p.jpg', id: '9', sizes: { h: 900, w: 1600 } }] },
  author: {
    rest_id: '12',
    name: 'Jack',
    screen_name: 'jack',
    avatar: 'https://pbs.example/a.jpg',
    blue_verified: true,
  },
};

describe('post schema', () => {
  it('reads a spec-shaped post', () => {
    const post = v.parse(postSchema, specPost)!;
    expect(post.id).toBe('1790000000000000001');
    expect(post.createdAt).toBe('2018-10-10T20:19:24.000Z');
    expect(post.source).toBe('Web App');
    expect(post.counts).toEqual({ replies: 4, reposts: 5, quotes: 3, favorites: 2, bookmarks: 1, views: 1234 });
    expect(post.links).toEqual([
      { url: 'https://t.co/abc', expandedUrl: 'https://example.org/a', displayUrl: 'example.org/a' },
    ]);
    expect(post.mentions).toEqual([{ handle: 'jack', name: 'Jack' }]);
    expect(post.media).toMatchObject([{ kind: 'photo', width: 1600, height: 900, url: 'https://pbs.example/p.jpg' }]);
    expect(post.author).toMatchObject({ handle: 'jack', verified: true });
  });

  it('reads the wild shapes: [] author, null views, formatted views, missing entities, {} media, extra fields', () => {
    const post = v.parse(postSchema, {
      ...specPost,
      author: [],
      views: '1,234,567',
      entities: undefined,
      media: {},
      reply_to: null,
      brand_new: { x: 1 },
    })!;
    expect(post.author).toBeNull();
    expect(post.counts.views).toBe(1_234_567);
    expect(post.links).toEqual([]);
    expect(post.media).toEqual([]);
    expect(v.parse(postSchema, { ...specPost, views: null })!.counts.views).toBeNull();
  });

  it('embeds reposts and quotes, and picks the best video variant', () => {
    const post = v.parse(postSchema, {
      ...specPost,
      reposted: { id: '5' },
      reposted_post: { ...specPost, post_id: '5', source: undefined },
      quoted: { post_id: '6', text: 'quoted…', author: {} },
      media: {
        video: [
          {
            media_url_https: 'https://pbs.example/t.jpg',
            id: 'v',
            duration: 1000,
            variants: [
              { content_type: 'video/mp4', url: 'https://v.example/low.mp4', bitrate: 100 },
              { content_type: 'video/mp4', url: 'https://v.example/high.mp4', bitrate: 900 },
              { content_type: 'application/x-mpegURL', url: 'https://v.example/x.m3u8' },
            ],
          },
        ],
      },
    })!;
    expect(post.repostOf?.id).toBe('5');
    expect(post.repostOf?.source).toBeNull();
    expect(post.quoted).toMatchObject({ id: '6', text: 'quoted…', author: null });
    expect(post.media[0]).toMatchObject({ kind: 'video', playUrl: 'https://v.example/high.mp4' });
  });

  it('turns hostile URLs into null and keeps markup as text', () => {
    const post = v.parse(postSchema, {
      ...specPost,
      text: '<script>alert(1)</script>',
      source: '<a href="javascript:alert(1)"><img src=x onerror=alert(1)>Evil</a>',
      author: { ...specPost.author, avatar: 'javascript:alert(1)' },
      media: {
        photo: [{ media_url_https: 'data:image/svg+xml,<svg onload=alert(1)>', id: '1', sizes: { w: 1, h: 1 } }],
      },
      entities: { urls: [{ url: 'https://t.co/x', expanded_url: 'javascript:alert(1)', display_url: 'x' }] },
    })!;
    expect(post.text).toBe('<script>alert(1)</script>');
    expect(post.source).toBe('Evil');
    expect(post.author?.avatarUrl).toBeNull();
    expect(post.media).toEqual([]);
    expect(post.links[0]?.expandedUrl).toBeNull();
  });

  it.each([null, 42, 'post', [], {}, { post_id: null }])('rejects garbage %j as no post', (garbage) => {
    expect(v.parse(postSchema, garbage)).toBeNull();
  });
});

describe('text made well-formed', () => {
  it('reads a lone surrogate (valid JSON) as U+FFFD in ids, handles and text: a post link can always be made', () => {
    const post = v.parse(postSchema, {
      ...specPost,
      post_id: '2001\ud800',
      text: 'half \udc00 a pair',
      author: { ...specPost.author, screen_name: 'ja\ud83dck' },
    })!;
    expect(post.id).toBe('2001\ufffd');
    expect(post.text).toBe('half \ufffd a pair');
    expect(post.author?.handle).toBe('ja\ufffdck');
    expect(encodeURIComponent(post.id)).toBe('2001%EF%BF%BD');
    // A whole pair stays as it came.
    expect(v.parse(postSchema, { ...specPost, text: 'ok \ud83d\ude00' })!.text).toBe('ok \ud83d\ude00');
  });
});

describe('profile schema', () => {
  it('reads [] affiliates, null profile and null protected', () => {
    const profile = v.parse(profileSchema, {
      rest_id: '1',
      name: 'N',
      profile: null,
      protected: null,
      affiliates: [],
      blue_verified: null,
      sub_count: 816123,
      pinned_post_ids_str: ['7', 8],
    });
    expect(profile).toMatchObject({
      handle: null,
      protected: false,
      affiliate: null,
      verified: false,
      pinnedIds: ['7', '8'],
    });
    expect(profile.counts.followers).toBe(816123);
  });
});

describe('envelopes', () => {
  it('needs a timeline list and tolerates everything else missing', () => {
    expect(v.safeParse(timelineEnvelope, { success: true, data: {} }).success).toBe(false);
    expect(v.safeParse(timelineEnvelope, { success: false, data: { timeline: [] } }).success).toBe(false);
    expect(v.safeParse(timelineEnvelope, '<html>').success).toBe(false);
    const parsed = v.parse(timelineEnvelope, { success: true, data: { timeline: [specPost, 'junk', {}], user: [] } });
    const page = toTimelinePage(parsed.data);
    expect(page.posts).toHaveLength(1);
    expect(page.nextCursor).toBeNull();
    expect(page.user).toMatchObject({ name: '', affiliate: null });
  });

  it('keeps non-http search results as text, without a link', () => {
    expect(
      toSearchResults([
        { title: 'A', url: 'https://a.example/x' },
        { title: 'B', url: 'javascript:alert(1)' },
        { title: 'no url' },
        7,
      ]),
    ).toEqual([
      { title: 'A', url: 'https://a.example/x', href: 'https://a.example/x' },
      { title: 'B', url: 'javascript:alert(1)', href: null },
    ]);
  });
});
