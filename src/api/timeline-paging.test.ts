import { describe, expect, it } from 'vitest';
import { landTimelinePage, nextCursorOf, prevCursorOf } from './timeline';
import type { TimelinePage } from './types';

const page = (over: Partial<TimelinePage>): TimelinePage => ({
  posts: [{ id: 'p' } as TimelinePage['posts'][number]],
  pinned: null,
  nextCursor: null,
  prevCursor: null,
  status: null,
  user: null,
  credits: '0.1',
  callId: null,
  boughtAt: 0,
  ...over,
});

describe('cursor handling', () => {
  it('follows a next cursor once; an empty page, a missing cursor or a repeated one ends the timeline', () => {
    expect(nextCursorOf(page({ nextCursor: 'b' }), [null])).toBe('b');
    expect(nextCursorOf(page({ nextCursor: 'b' }), [null, 'b'])).toBeUndefined();
    expect(nextCursorOf(page({ nextCursor: 'b', posts: [] }), [null])).toBeUndefined();
    expect(nextCursorOf(page({ nextCursor: null }), [null])).toBeUndefined();
    expect(nextCursorOf(page({ nextCursor: '' }), [null])).toBeUndefined();
  });

  it('follows a previous cursor once', () => {
    expect(prevCursorOf(page({ prevCursor: 'n' }), [null])).toBe('n');
    expect(prevCursorOf(page({ prevCursor: 'n' }), ['n', null])).toBeUndefined();
  });

  it('lands a bought page where it belongs, and never twice', () => {
    const first = page({ nextCursor: 'c2', prevCursor: 'c0' });
    const second = page({ nextCursor: 'c3' });
    const newer = page({});
    expect(landTimelinePage(undefined, null, first)).toEqual({ pages: [first], pageParams: [null] });
    expect(landTimelinePage(undefined, 'c2', second)).toBeUndefined();
    const one = { pages: [first], pageParams: [null] };
    expect(landTimelinePage(one, 'c2', second)).toEqual({ pages: [first, second], pageParams: [null, 'c2'] });
    expect(landTimelinePage(one, 'c0', newer)).toEqual({ pages: [newer, first], pageParams: ['c0', null] });
    expect(landTimelinePage(one, null, first)).toBeUndefined();
    expect(landTimelinePage(one, 'elsewhere', second)).toBeUndefined();
  });
});
