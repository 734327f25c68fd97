import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { Post } from '../../contract/upstream/types';
import { csvCell, exportFileName, postsToCsv, postsToJson } from './export';
import { applyFilters, filtersActive, NO_FILTERS, uniquePosts } from './filters';
import { ignoredParams, targetOf, timelineSearchSchema } from './params';

function post(id: string, extra: Partial<Post> = {}): Post {
  return {
    id,
    createdAt: '2024-05-01T10:00:00.000Z',
    text: `post ${id}`,
    lang: 'en',
    source: 'Web App',
    counts: { replies: 1, reposts: 2, quotes: 3, favorites: 4, bookmarks: 5, views: 6 },
    links: [],
    mentions: [],
    media: [],
    author: { id: '1', name: 'Ada', handle: 'ada', avatarUrl: null, verified: true },
    replyToId: null,
    repostOf: null,
    quoted: null,
    ...extra,
  };
}

const photo = {
  kind: 'photo' as const,
  id: 'p',
  url: 'https://example.org/p.jpg',
  width: 4,
  height: 3,
  focus: null,
  alt: '',
};

describe('timeline search params', () => {
  it('keeps valid values and falls back on bad ones without throwing', () => {
    expect(v.parse(timelineSearchSchema, { screen_name: 'ada' })).toEqual({ screen_name: 'ada' });
    expect(v.parse(timelineSearchSchema, { rest_id: 1001 })).toEqual({ rest_id: '1001' });
    expect(v.parse(timelineSearchSchema, { screen_name: '<script>', rest_id: 'x1' })).toEqual({
      screen_name: undefined,
      rest_id: undefined,
    });
    expect(v.parse(timelineSearchSchema, { screen_name: ['a'], rest_id: { a: 1 } })).toEqual({
      screen_name: undefined,
      rest_id: undefined,
    });
  });

  it('prefers screen_name and names what was ignored', () => {
    const raw = { screen_name: 'ada', rest_id: '1002', page: '3' };
    const valid = v.parse(timelineSearchSchema, raw);
    expect(targetOf(valid)).toEqual({ screenName: 'ada' });
    expect(ignoredParams(raw, valid).map((item) => item.name)).toEqual(['rest_id', 'page']);
    const bad = { screen_name: 'no spaces' };
    expect(ignoredParams(bad, v.parse(timelineSearchSchema, bad))).toEqual([
      { name: 'screen_name', value: 'no spaces', reason: 'not a handle (letters, digits and _ only)' },
    ]);
    expect(targetOf({})).toBeNull();
  });
});

describe('filters over loaded posts', () => {
  const posts = [
    post('1'),
    post('2', { repostOf: post('20', { media: [photo] }) }),
    post('3', { replyToId: '9', text: 'a reply about Engines' }),
    post('4', { media: [photo] }),
    post('5', { quoted: post('50', { text: 'quoted lantern' }) }),
  ];
  const ids = (list: Post[]) => list.map((item) => item.id);

  it('hides reposts and replies, keeps media only, finds text in quotes and reposts', () => {
    expect(ids(applyFilters(posts, NO_FILTERS))).toEqual(['1', '2', '3', '4', '5']);
    expect(ids(applyFilters(posts, { ...NO_FILTERS, hideReposts: true }))).toEqual(['1', '3', '4', '5']);
    expect(ids(applyFilters(posts, { ...NO_FILTERS, hideReplies: true }))).toEqual(['1', '2', '4', '5']);
    expect(ids(applyFilters(posts, { ...NO_FILTERS, mediaOnly: true }))).toEqual(['2', '4']);
    expect(ids(applyFilters(posts, { ...NO_FILTERS, find: ' ENGINES ' }))).toEqual(['3']);
    expect(ids(applyFilters(posts, { ...NO_FILTERS, find: 'lantern' }))).toEqual(['5']);
    expect(filtersActive(NO_FILTERS)).toBe(false);
    expect(filtersActive({ ...NO_FILTERS, find: '  ' })).toBe(false);
    expect(filtersActive({ ...NO_FILTERS, mediaOnly: true })).toBe(true);
  });

  it('shows a post that came back on two pages once', () => {
    expect(ids(uniquePosts([{ posts: [post('1'), post('2')] }, { posts: [post('2'), post('3')] }]))).toEqual([
      '1',
      '2',
      '3',
    ]);
  });
});

describe('export', () => {
  it('quotes CSV cells and defuses spreadsheet formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, "b"\nc')).toBe('"a, ""b""\nc"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
  });

  it('writes one CSV row per post with the repost’s original content', () => {
    const csv = postsToCsv(
      [post('1'), post('2', { repostOf: post('20', { text: 'original', media: [photo] }) })],
      'ada',
    );
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^id,created_at,author_handle/);
    expect(lines[2]).toContain('original');
    expect(lines[2]).toContain(',20,');
  });

  it('writes JSON rows in the CSV’s shape (a repost the same way in both), with a dated file name', () => {
    const posts = [post('1'), post('2', { repostOf: post('20', { text: 'original' }) })];
    const rows = JSON.parse(postsToJson(posts, 'ada')) as Record<string, unknown>[];
    expect(Object.keys(rows[0]!).join(',')).toBe(postsToCsv(posts, 'ada').split('\r\n')[0]);
    expect(rows[1]).toMatchObject({ id: '2', text: 'original', repost_of: '20' });
    expect(exportFileName('ada__x', 'csv', new Date('2024-05-01T12:00:00Z'))).toBe('ada__x-timeline-2024-05-01.csv');
    expect(exportFileName('../', 'json', new Date('2024-05-01T12:00:00Z'))).toBe('timeline-timeline-2024-05-01.json');
  });
});
