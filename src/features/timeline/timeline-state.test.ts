import type { Query } from '@tanstack/react-query';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { permalinkOf } from '../../contract/upstream/post';
import type { Post, Profile, TimelinePage } from '../../contract/upstream/types';
import { findBoughtPost } from './bought-post';
import { filterSearch, filtersOf, ignoredParams, timelineSearchSchema } from './params';
import { latestFirstPage, withPinnedFirst } from './pinned';

const post = (id: string, extra: Partial<Post> = {}) =>
  ({ id, replyToId: null, repostOf: null, quoted: null, ...extra }) as Post;
const page = (posts: Post[], extra: Partial<TimelinePage> = {}): TimelinePage => ({
  posts,
  pinned: null,
  nextCursor: null,
  prevCursor: null,
  status: null,
  user: null,
  credits: '0.1',
  callId: null,
  boughtAt: 1,
  origin: 'paid-now',
  ...extra,
});
const user = (pinnedIds: string[]) => ({ pinnedIds }) as Profile;

describe('pinned first', () => {
  it('puts the post the profile pins at the top, once, from the first page only', () => {
    const first = page([post('9'), post('8'), post('7')], { user: user(['7']) });
    expect(withPinnedFirst([post('9'), post('8'), post('7'), post('6')], first)).toMatchObject({ pinnedId: '7' });
    expect(withPinnedFirst([post('9'), post('8'), post('7')], first).posts.map((item) => item.id)).toEqual([
      '7',
      '9',
      '8',
    ]);
    expect(withPinnedFirst([post('9')], page([post('9')], { user: user(['3']) })).pinnedId).toBeNull();
  });

  it('takes the pinned post the answer carries, even when it is older than the page', () => {
    const first = page([post('9'), post('8')], { pinned: post('2') });
    expect(withPinnedFirst([post('9'), post('8'), post('2')], first).posts.map((item) => item.id)).toEqual([
      '2',
      '9',
      '8',
    ]);
  });

  it('reads the newest first page: a check for new posts puts one in front', () => {
    const fresh = page([post('10')]);
    expect(latestFirstPage([page([post('11')]), fresh, page([post('9')])], ['newer', null, null])).toBe(fresh);
    expect(latestFirstPage([], [])).toBeNull();
  });
});

describe('filters in the address', () => {
  it('reads hide, media and find, and writes only what is on', () => {
    const search = v.parse(timelineSearchSchema, {
      screen_name: 'ada',
      hide: 'replies,reposts',
      media: 'only',
      find: 42,
    });
    expect(filtersOf(search)).toEqual({ hideReposts: true, hideReplies: true, mediaOnly: true, find: '42' });
    expect(filterSearch(filtersOf(search))).toEqual({ hide: 'reposts,replies', media: 'only', find: '42' });
    expect(filterSearch({ hideReposts: false, hideReplies: true, mediaOnly: false, find: '' })).toEqual({
      hide: 'replies',
      media: undefined,
      find: undefined,
    });
  });

  it('names what it cannot use', () => {
    const raw = { screen_name: 'ada', hide: 'likes', media: 'all' };
    expect(ignoredParams(raw, v.parse(timelineSearchSchema, raw)).map((item) => item.name)).toEqual(['hide', 'media']);
  });
});

describe('a post on the platform', () => {
  it('is linked only when a media entity of the answer names the post', () => {
    expect(permalinkOf('123', [{ expanded_url: 'https://platform.example/ada/status/123/photo/1' }])).toBe(
      'https://platform.example/ada/status/123',
    );
    expect(permalinkOf('123', [{ expanded_url: 'https://example.org/photo/1230' }])).toBeNull();
    expect(permalinkOf('123', [{ expanded_url: null }])).toBeNull();
  });
});

describe('a post from what was bought', () => {
  const query = (key: unknown, pages: TimelinePage[]) =>
    ({ queryKey: ['timeline', key], state: { data: { pages, pageParams: [] } } }) as unknown as Query;
  const inner = post('500');
  const reply = post('21', { replyToId: '20' });
  const queries = [
    query({ screenName: 'grace' }, [page([post('20'), post('30', { repostOf: inner })])]),
    query({ screenName: 'ada' }, [page([reply, post('20')])]),
  ];

  it('finds it in the named timeline first, with the post it answers', () => {
    const found = findBoughtPost(queries, 'ADA', '21');
    expect(found?.timeline).toEqual({ screen_name: 'ada' });
    expect(found?.replyTo?.id).toBe('20');
    expect(findBoughtPost(queries, 'ada', '20')?.timeline).toEqual({ screen_name: 'ada' });
  });

  it('finds a reposted original, and nothing that was not bought', () => {
    expect(findBoughtPost(queries, 'grace', '500')?.post).toBe(inner);
    expect(findBoughtPost(queries, 'ada', '999')).toBeNull();
    expect(findBoughtPost([query({ screenName: 'x' }, [{ nope: 1 } as unknown as TimelinePage])], 'x', '1')).toBeNull();
  });
});
