import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { timelineEnvelope, toTimelinePage } from '../../src/contract/upstream/timeline-envelope.ts';
import { decodeCursor, PAGE_SIZE, timelinePage } from './timeline.ts';
import { USERS } from './users.ts';
import { searchResults } from './search.ts';

const context = { mediaBase: 'http://127.0.0.1:1', now: new Date('2026-11-22T10:00:00Z') };

describe('stand-in data read through the client schemas', () => {
  it.each(USERS.map((user) => [user.handle, user] as const))(
    'every page of %s parses, with no post lost',
    (_handle, user) => {
      let cursor: string | undefined;
      let seen = 0;
      for (let guard = 0; guard < 40; guard++) {
        const data = timelinePage(user, cursor, context)!;
        const page = toTimelinePage(v.parse(timelineEnvelope, { success: true, data }).data);
        expect(page.posts).toHaveLength((data.timeline as unknown[]).length);
        seen += page.posts.length;
        if (page.posts.length === 0) {
          // The last page repeats the cursor it was asked for, as in the wild.
          if (cursor) expect(page.nextCursor).toBe(cursor);
          break;
        }
        cursor = page.nextCursor!;
      }
      const visible = user.status === 'active' && !user.protected;
      expect(seen).toBe(visible ? Math.min(user.postCount, PAGE_SIZE * 40) : 0);
    },
  );

  it('makes cursors with characters that need URL encoding', () => {
    const data = timelinePage(USERS[0]!, undefined, context)!;
    expect(data.next_cursor).toMatch(/\+/);
    expect(data.next_cursor).toMatch(/\//);
    expect(data.next_cursor).toMatch(/=/);
    expect(decodeCursor(data.next_cursor as string)).toEqual({ direction: 'older', offset: 23 });
  });

  it('honours num, page, site and hl in search', () => {
    expect(searchResults({ q: 'x', num: 5, page: 1 })).toHaveLength(5);
    expect(searchResults({ q: 'x', num: 50, page: 2 })).toHaveLength(7);
    expect(
      searchResults({ q: 'x', num: 10, page: 1, site: 'https://www.Example.org/path' }).every(
        (r) => new URL(r.url).hostname === 'example.org',
      ),
    ).toBe(true);
    expect(searchResults({ q: 'x', num: 1, page: 1, hl: 'fr' })[0]!.title).toMatch(/^Guide de/);
    expect(searchResults({ q: 'noresults', num: 10, page: 1 })).toEqual([]);
  });
});
