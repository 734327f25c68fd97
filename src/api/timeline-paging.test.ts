import { describe, expect, it } from 'vitest';
import { nextCursorOf, prevCursorOf } from './timeline';
import type { TimelinePage } from '../contract/upstream/types';

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
  origin: 'paid-now',
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

  it('ends the timeline at a cursor the proxy would refuse to send, whose bytes a rendered page would change', () => {
    for (const odd of ['ab\u0000cd', 'a b', 'line\nbreak', '<script>x</script>\u202e', 'C'.repeat(2049)]) {
      expect(nextCursorOf(page({ nextCursor: odd }), [null]), odd).toBeUndefined();
      expect(prevCursorOf(page({ prevCursor: odd }), [null]), odd).toBeUndefined();
    }
    expect(nextCursorOf(page({ nextCursor: 'DAAB+/=-_~' }), [null])).toBe('DAAB+/=-_~');
  });

  it('follows a previous cursor once', () => {
    expect(prevCursorOf(page({ prevCursor: 'n' }), [null])).toBe('n');
    expect(prevCursorOf(page({ prevCursor: 'n' }), ['n', null])).toBeUndefined();
  });
});
