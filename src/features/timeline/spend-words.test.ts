import { describe, expect, it } from 'vitest';
import type { PageOrigin } from '../../api/purchase/origin';
import { spendWords } from './spend-words';

const page = (origin: PageOrigin, credits = '0.1') => ({ origin, credits });

describe('what the loaded pages cost in all', () => {
  it('sums what was bought for this page load and names each origin once, in one vocabulary', () => {
    const pages = [
      page('server-rendered'),
      page('paid-now'),
      page('paid-now'),
      ...Array.from({ length: 4 }, () => page('archive')),
      page('this-browser'),
    ];
    const { total, parts } = spendWords(pages);
    expect(total).toBe('0.3 credits in all');
    expect(Object.entries(parts)).toEqual([
      ['bought now', 3],
      ['from archive', 4],
      ['in this browser', 1],
    ]);
  });

  it('free copies cost nothing now, whatever they cost when bought', () => {
    expect(spendWords([page('this-browser', '0.2')])).toEqual({
      total: '0 credits in all',
      parts: { 'bought now': 0, 'from archive': 0, 'in this browser': 1 },
    });
    expect(spendWords([page('paid-now', '1')]).total).toBe('1 credit in all');
  });
});
