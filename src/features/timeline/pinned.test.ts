import { describe, expect, it } from 'vitest';
import type { TimelinePage } from '../../contract/upstream/types';
import { asOfTime } from './pinned';

const bought = (boughtAt: number) => ({ boughtAt }) as TimelinePage;

describe('As of', () => {
  it('is the newest purchase among the first page and the pages a check put in front of it', () => {
    // A page bought by prev_cursor (9), the first page (1), then a later page loaded by scrolling (20).
    expect(asOfTime([bought(9), bought(1), bought(20)], ['p', null, 'c2'])).toBe(9);
    expect(asOfTime([bought(1), bought(20)], [null, 'c2'])).toBe(1);
  });

  it('is unknown before a first page is loaded', () => {
    expect(asOfTime([], [])).toBeNull();
  });
});
