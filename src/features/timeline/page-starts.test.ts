import { describe, expect, it } from 'vitest';
import type { Post, TimelinePage } from '../../contract/upstream/types';
import type { PageOrigin } from '../../api/purchase/origin';
import { pageDividerText } from '../../components/page-divider-text';
import { postFixture } from '../../testing/post-fixture';
import { applyFilters, NO_FILTERS, uniquePosts } from './filters';
import { pageStarts } from './page-starts';

const BOUGHT = Date.UTC(2026, 10, 25, 14, 2);
const UTC = { timeZone: 'UTC', locale: 'en-GB', now: BOUGHT + 60_000 };

function page(ids: string[], origin: PageOrigin, extra: Partial<TimelinePage> = {}): TimelinePage {
  return {
    posts: ids.map((id): Post => postFixture({ id, text: `post ${id}` })),
    pinned: null,
    nextCursor: null,
    prevCursor: null,
    status: null,
    user: null,
    credits: origin === 'paid-now' ? '0.1' : '0',
    callId: null,
    boughtAt: BOUGHT,
    origin,
    ...extra,
  };
}

/** Divider labels in list order, as `post id: label`. */
function labels(starts: Map<string, { label: string }>): string[] {
  return [...starts].map(([id, start]) => `${id}: ${start.label}`);
}

describe('pageStarts', () => {
  const pages = [
    page(['a1', 'a2'], 'server-rendered'),
    page(['b1', 'b2'], 'paid-now'),
    page(['c1'], 'archive'),
    page(['d1'], 'this-browser'),
  ];
  const params = [null, 'b', 'c', 'd'];

  it('marks the first post of every page after the first, numbered from the first page', () => {
    const starts = pageStarts(pages, params, uniquePosts(pages), null);
    expect(labels(starts)).toEqual(['b1: page 2', 'c1: page 3', 'd1: page 4']);
    expect(starts.get('c1')).toMatchObject({ origin: 'archive', credits: '0' });
  });

  it('puts a divider on the first post a filter lets through, and the leading page keeps none', () => {
    const shown = applyFilters(uniquePosts(pages), { ...NO_FILTERS, find: 'post b2' });
    expect(labels(pageStarts(pages, params, shown, null))).toEqual(['b2: page 2']);
    const withFirst = applyFilters(uniquePosts(pages), { ...NO_FILTERS, find: 'post a2' });
    expect(labels(pageStarts(pages, params, withFirst, null))).toEqual([]);
  });

  it('gives a post that came on two pages to the first, and skips a page with nothing new', () => {
    const repeated = [page(['a1'], 'paid-now'), page(['a1'], 'paid-now'), page(['c1'], 'paid-now')];
    expect(labels(pageStarts(repeated, [null, 'b', 'c'], uniquePosts(repeated), null))).toEqual(['c1: page 3']);
  });

  it('calls the pages Check for new posts put in front "newer posts", and the pinned post starts none', () => {
    const withNewer = [page(['n1'], 'paid-now'), ...pages];
    const shown = [pages[0]!.posts[1]!, ...uniquePosts(withNewer).filter((post) => post.id !== 'a2')];
    expect(labels(pageStarts(withNewer, ['prev', ...params], shown, 'a2'))).toEqual([
      'n1: newer posts',
      'a1: page 1',
      'b1: page 2',
      'c1: page 3',
      'd1: page 4',
    ]);
  });
});

describe('pageDividerText', () => {
  const at = { label: 'page 4', credits: '0.1', boughtAt: BOUGHT };
  it('says what a paid page cost and when', () => {
    expect(pageDividerText({ ...at, origin: 'paid-now' }, UTC)).toEqual({
      shown: 'page 4 · 0.1 credits · 14:02',
      spoken: 'Page 4, bought for 0.1 credits at 14:02',
    });
  });
  it('says an archived page was free, and this browser’s copy when it was bought', () => {
    expect(pageDividerText({ ...at, credits: '0', origin: 'archive' }, UTC).shown).toBe(
      'page 4 · from archive · 0 credits',
    );
    expect(pageDividerText({ ...at, origin: 'this-browser' }, UTC).shown).toBe(
      'page 4 · in this browser · bought 14:02',
    );
  });
});
