// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInRouter } from '../../../testing/render-in-router';
import { RECENT_KEY, serializeRecent } from '../recent';
import { RecentSearches } from './RecentSearches';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('recent searches', () => {
  it('show every parameter, wrapped and never cut off, so searches that differ by page alone look different', async () => {
    const params = { q: 'analytical engine notes', site: 'archive.example.org', hl: 'en', num: 20 };
    localStorage.setItem(
      RECENT_KEY,
      serializeRecent([
        { params: { ...params, page: 2 }, credits: '0.2', at: 2 },
        { params, credits: '0.2', at: 1 },
      ]),
    );
    await renderInRouter(<RecentSearches />);
    const options = screen.getAllByTestId('recent-search-options').map((element) => element.textContent);
    expect(options).toEqual([
      'page 2 · site:archive.example.org · hl:en · num:20',
      'page 1 · site:archive.example.org · hl:en · num:20',
    ]);
    for (const element of screen.getAllByTestId('recent-search-options'))
      expect(element.className).not.toMatch(/\btruncate\b/);
  });
});
