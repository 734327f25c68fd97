import { describe, expect, it } from 'vitest';
import { parseRecent, RECENT_LIMIT, serializeRecent, withRecent, type RecentSearch } from './recent';

const entry = (q: string, at: number, extra: Partial<RecentSearch['params']> = {}): RecentSearch => ({
  params: { q, ...extra },
  credits: '0.2',
  at,
});

describe('parseRecent', () => {
  it('reads back what it wrote', () => {
    const list = [entry('b', 2, { num: 20, site: 'example.org' }), entry('a', 1, { hl: 'fr', page: 3 })];
    expect(parseRecent(serializeRecent(list))).toEqual(list);
  });

  it.each([null, '', 'not json', '{', 'null', '42', '"text"', '[]', '{"items":5}', '{"items":{"a":1}}'])(
    'survives %j',
    (raw) => {
      expect(parseRecent(raw)).toEqual([]);
    },
  );

  it('drops malformed entries and keeps the good ones', () => {
    const raw = JSON.stringify({
      items: [
        null,
        7,
        { params: { q: '' }, credits: '0.2', at: 1 },
        { params: { q: 'x', num: 500 }, credits: '0.2', at: 1 },
        { params: { q: 'x' }, credits: 'lots', at: 1 },
        { params: { q: 'x' }, credits: '0.2' },
        { params: { q: 'ok', num: 5 }, credits: '0.2', at: 3, extra: true },
      ],
    });
    expect(parseRecent(raw)).toEqual([entry('ok', 3, { num: 5 })]);
  });

  it('sorts newest first, de-duplicates and caps the list', () => {
    const items = Array.from({ length: 15 }, (_, index) => entry(`q${index}`, index));
    items.push(entry('q3', 100));
    const parsed = parseRecent(JSON.stringify({ items }));
    expect(parsed).toHaveLength(RECENT_LIMIT);
    expect(parsed[0]!.params.q).toBe('q3');
  });
});

describe('withRecent', () => {
  it('moves a repeated search to the top without duplicating it', () => {
    const list = [entry('a', 2), entry('b', 1)];
    expect(withRecent(list, entry('b', 3)).map((item) => item.params.q)).toEqual(['b', 'a']);
  });

  it('treats different params as different searches', () => {
    expect(withRecent([entry('a', 1)], entry('a', 2, { page: 2 }))).toHaveLength(2);
  });
});
