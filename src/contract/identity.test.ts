import { describe, expect, it } from 'vitest';
import { canonicalSearch, canonicalTimeline, purchaseKey, timelineRequestPath } from './identity';

describe('page identity', () => {
  it('compares handles case-insensitively and prefers the handle when both are given', () => {
    expect(purchaseKey('timeline', { screen_name: 'ADA' })).toBe(purchaseKey('timeline', { screen_name: ' ada ' }));
    expect(canonicalTimeline({ screen_name: 'Ada', rest_id: '1001' })).toEqual({ screen_name: 'ada' });
    expect(canonicalTimeline({ rest_id: '001001' })).toEqual({ rest_id: '1001' });
  });

  it('keeps cursors byte for byte: they are opaque', () => {
    const cursor = 'DAABCgAB+/x=';
    expect(canonicalTimeline({ screen_name: 'ada', cursor })).toEqual({ screen_name: 'ada', cursor });
    expect(timelineRequestPath({ screen_name: 'Ada', cursor })).toBe(
      `/api/v1/social/microblog/posts?screen_name=ada&cursor=${encodeURIComponent(cursor)}`,
    );
  });

  it('fills search defaults in, so typed-out defaults are the same purchase', () => {
    expect(purchaseKey('search', { q: 'engines' })).toBe(purchaseKey('search', { q: ' engines ', page: '1', num: 10 }));
    expect(canonicalSearch({ q: 'a  b', site: 'WWW.Example.org' })).toEqual({
      q: 'a b',
      num: 10,
      page: '1',
      site: 'example.org',
    });
    expect(purchaseKey('search', { q: 'engines', page: 2 })).not.toBe(purchaseKey('search', { q: 'engines' }));
  });

  it('leaves values that are not a handle, an id or a number as given, for validation to name', () => {
    expect(canonicalTimeline({ screen_name: 'no spaces!' })).toEqual({ screen_name: 'no spaces!' });
    expect(canonicalSearch({ q: 'x', num: 'ten' }).num).toBe('ten');
  });
});
