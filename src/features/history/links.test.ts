import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../api/history';
import { entryTarget, pageLabel, subjectTarget } from './links';

const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({
  pageKey: 'k',
  operation: 'timeline',
  subject: 'ada',
  params: { screen_name: 'ada' },
  boughtAt: '2026-11-23T14:02:00.000Z',
  credits: '0.1',
  purchaseId: 'p',
  posts: null,
  person: null,
  ...over,
});

describe('opening a history entry', () => {
  it('opens a timeline by handle, or by id when no answer named the handle', () => {
    expect(entryTarget(entry({}))).toEqual({ kind: 'timeline', search: { screen_name: 'ada' }, label: '@ada' });
    expect(entryTarget(entry({ subject: '1001', params: { rest_id: '1001' } }))).toEqual({
      kind: 'timeline',
      search: { rest_id: '1001' },
      label: 'id 1001',
    });
    expect(subjectTarget({ operation: 'timeline', subject: 'ada', pages: 2, lastBoughtAt: '' })?.search).toEqual({
      screen_name: 'ada',
    });
    expect(subjectTarget({ operation: 'search', subject: 'engines', pages: 2, lastBoughtAt: '' })).toBeNull();
  });

  it('opens a search with its own parameters, defaults left out', () => {
    const search = entry({
      operation: 'search',
      subject: 'engines',
      params: { q: 'engines', num: 10, page: '2', site: 'example.org' },
    });
    expect(entryTarget(search)).toEqual({
      kind: 'search',
      search: { q: 'engines', page: 2, site: 'example.org' },
      label: '“engines”',
    });
    expect(pageLabel(search)).toBe('page 2 · site:example.org');
  });

  it('tells a first page from a later one', () => {
    expect(pageLabel(entry({}))).toBe('first page');
    const later = entry({ params: { screen_name: 'ada', cursor: 'c2' } });
    expect(pageLabel(later)).toBe('a later page');
  });

  it('says which stretch of the timeline a page holds, so two later pages of one handle read differently', () => {
    const page = (oldest: string, newest: string) =>
      pageLabel(entry({ params: { screen_name: 'ada', cursor: oldest }, posts: { oldest, newest } }));
    const second = page('2026-11-12T10:00:00.000Z', '2026-11-18T10:00:00.000Z');
    const third = page('2026-11-03T10:00:00.000Z', '2026-11-11T10:00:00.000Z');
    expect(second).toMatch(/^a later page · posts Nov 1[12] – Nov 1[89]$/);
    expect(third).not.toBe(second);
    expect(
      pageLabel(entry({ posts: { oldest: '2026-11-20T12:00:00.000Z', newest: '2026-11-20T13:00:00.000Z' } })),
    ).toMatch(/^first page · posts Nov 20$/);
  });
});
