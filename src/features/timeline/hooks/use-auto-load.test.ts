import { describe, expect, it } from 'vitest';
import { MAX_PAID_PAGES, paidPagesOf } from './use-auto-load';

describe('paidPagesOf', () => {
  it('takes a whole number of pages from 1 up to the most allowed', () => {
    expect(paidPagesOf('1')).toBe(1);
    expect(paidPagesOf(' 3 ')).toBe(3);
    expect(paidPagesOf(String(MAX_PAID_PAGES))).toBe(MAX_PAID_PAGES);
  });
  it('refuses what is not one (so the stored choice, or the default, stands)', () => {
    for (const raw of [null, '', '0', '-2', '2.5', '1e2', '100', 'three']) expect(paidPagesOf(raw)).toBeNull();
  });
});
