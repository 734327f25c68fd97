// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { handleOfId, indexBoughtPage, isFirstPageBought } from './first-page-index';

afterEach(() => localStorage.clear());

const HOUR = 3_600_000;

describe('the first-page index the early fetch reads before IndexedDB', () => {
  it('knows a bought first page for a day, and the handle a bought user id answered with', () => {
    const now = Date.now();
    indexBoughtPage({ firstPath: '/api/timeline?screen_name=ada', user: { id: '12', handle: 'Ada' } }, now);
    indexBoughtPage({ firstPath: null, user: null }, now);
    expect(isFirstPageBought('/api/timeline?screen_name=ada', now + HOUR)).toBe(true);
    expect(isFirstPageBought('/api/timeline?screen_name=ada', now + 25 * HOUR)).toBe(false);
    expect(isFirstPageBought('/api/timeline?screen_name=grace', now)).toBe(false);
    expect(handleOfId('12')).toBe('ada');
    expect(handleOfId('13')).toBeNull();
    expect(Object.keys(localStorage)).toEqual(['creditscope-first-pages']);
  });

  it('takes over the two records it replaced and removes the retired purchase journal', () => {
    const now = Date.now();
    localStorage.setItem('creditscope-bought-first-pages', JSON.stringify({ '/api/timeline?screen_name=ada': now }));
    localStorage.setItem('creditscope-known-ids', JSON.stringify({ '12': 'ada' }));
    localStorage.setItem(`creditscope-purchase|${now}|2|timeline screen_name=ada`, '{}');
    localStorage.setItem('creditscope-recent-purchases', '[]');
    localStorage.setItem('creditscope-theme', 'dark');
    expect(isFirstPageBought('/api/timeline?screen_name=ada', now)).toBe(true);
    expect(handleOfId('12')).toBe('ada');
    expect(Object.keys(localStorage).sort()).toEqual(['creditscope-first-pages', 'creditscope-theme']);
  });
});
