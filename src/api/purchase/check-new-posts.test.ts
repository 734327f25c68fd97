import { describe, expect, it } from 'vitest';
import { mergeCheckedPage } from './check-new-posts';
import type { Post, TimelinePage } from '../../contract/upstream/types';

const posts = (...ids: string[]) => ids.map((id) => ({ id }) as Post);
const page = (ids: string[], over: Partial<TimelinePage> = {}): TimelinePage => ({
  posts: posts(...ids),
  pinned: null,
  nextCursor: null,
  prevCursor: null,
  status: null,
  user: null,
  credits: '0.1',
  callId: null,
  boughtAt: 1,
  origin: 'paid-now',
  ...over,
});

describe('check for new posts', () => {
  it('puts the fresh first page in front and keeps every loaded page', () => {
    const old = { pages: [page(['5', '4']), page(['3', '2'])], pageParams: [null, 'c2'] };
    const fresh = page(['7', '6', '5'], { boughtAt: 9 });
    const merged = mergeCheckedPage(old, fresh);
    expect(merged.data.pages).toEqual([fresh, ...old.pages]);
    expect(merged.data.pageParams).toEqual([null, null, 'c2']);
    expect(merged.added).toBe(2);
    expect(merged.gap).toBe(false);
  });

  it('says when nothing is new, and when the fresh page does not reach what was loaded', () => {
    const old = { pages: [page(['5', '4'])], pageParams: [null] };
    expect(mergeCheckedPage(old, page(['5', '4'])).added).toBe(0);
    expect(mergeCheckedPage(old, page(['9', '8']))).toMatchObject({ added: 2, gap: true });
  });

  it('puts a page bought with prev_cursor in front under that cursor: it joins the page below, no gap', () => {
    const old = { pages: [page(['5', '4'], { prevCursor: 'p5' })], pageParams: [null] };
    const newer = page(['8', '7', '6'], { boughtAt: 9, prevCursor: 'p8' });
    const merged = mergeCheckedPage(old, newer, 'p5');
    expect(merged.data.pages).toEqual([newer, ...old.pages]);
    expect(merged.data.pageParams).toEqual(['p5', null]);
    expect(merged).toMatchObject({ added: 3, gap: false });
  });

  it('lands alone when nothing was cached', () => {
    const fresh = page(['1']);
    expect(mergeCheckedPage(undefined, fresh)).toEqual({
      data: { pages: [fresh], pageParams: [null] },
      added: 1,
      gap: false,
    });
  });
});
