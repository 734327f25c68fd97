import { describe, expect, it } from 'vitest';
import type { Post } from '../../contract/upstream/types';
import { applyFilters, hashtagOf, NO_FILTERS } from './filters';

const post = (id: string, text: string, extra: Partial<Post> = {}): Post => ({
  id,
  createdAt: null,
  text,
  lang: 'en',
  source: null,
  counts: { replies: null, reposts: null, quotes: null, favorites: null, bookmarks: null, views: null },
  links: [],
  mentions: [],
  media: [],
  author: null,
  replyToId: null,
  repostOf: null,
  quoted: null,
  ...extra,
});

describe('finding a hashtag in the loaded posts', () => {
  const posts = [
    post('1', 'Learning #Rust today'),
    post('2', 'all about #rustlang'),
    post('3', 'full-width ＃rust works too'),
    post('4', 'quoting', { quoted: post('40', 'inner #rust, with a comma') }),
    post('5', 'rust without a hash'),
  ];
  const find = (text: string) => applyFilters(posts, { ...NO_FILTERS, find: text }).map((item) => item.id);

  it('matches the whole tag in either hash form, in any case, inside quotes too', () => {
    expect(find('#rust')).toEqual(['1', '3', '4']);
    expect(find(' #RUST ')).toEqual(['1', '3', '4']);
    expect(find('＃rust')).toEqual(['1', '3', '4']);
  });

  it('keeps plain text finds as substring matches', () => {
    expect(find('rust')).toEqual(['1', '2', '3', '4', '5']);
    expect(find('#rust today')).toEqual(['1']);
  });

  it('knows when the find text is one hashtag', () => {
    expect(hashtagOf('#Rust')).toBe('rust');
    expect(hashtagOf('  ＃été_2024 ')).toBe('été_2024');
    expect(hashtagOf('#rust today')).toBeNull();
    expect(hashtagOf('rust')).toBeNull();
    expect(hashtagOf('#')).toBeNull();
  });
});
