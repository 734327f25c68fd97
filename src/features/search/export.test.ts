import { describe, expect, it } from 'vitest';
import type { SearchPage } from '../../contract/upstream/types';
import { RESULT_COLUMNS } from '../../contract/export/result-export';
import { rawPagesNdjson, resultRows, searchFileName, type LoadedPage } from './export';
import { pagesLabel } from './pages-label';
import { resultsCsv } from './results-csv';

const page = (number: number, titles: string[], raw?: unknown): LoadedPage => ({
  search: { q: 'x', num: 2, page: String(number) },
  data: {
    results: titles.map((title, index) => ({
      title,
      url: `https://www.example.org/${number}/${index}`,
      href: `https://www.example.org/${number}/${index}`,
    })),
    credits: '0.2',
    callId: `call-${number}`,
    boughtAt: Date.UTC(2026, 10, 23, 12),
    origin: 'paid-now',
    ...(raw === undefined ? {} : { raw }),
  } satisfies SearchPage,
});

describe('search export', () => {
  it('ranks results across pages as the pages showed them, with the site of each', () => {
    const rows = resultRows([page(1, ['a', 'b']), page(3, ['c'])]);
    expect(rows.map((row) => [row.rank, row.page, row.domain])).toEqual([
      [1, 1, 'example.org'],
      [2, 1, 'example.org'],
      [5, 3, 'example.org'],
    ]);
  });

  it('writes CSV in the result columns (not a post’s), in rank order, through the one escaper', () => {
    const csv = resultsCsv(resultRows([page(1, ['say "hi", then go', '=HYPERLINK("x")'])]));
    expect(csv.split('\r\n')).toEqual([
      RESULT_COLUMNS.join(','),
      `1,1,"say ""hi"", then go",https://www.example.org/1/0,example.org,,x`,
      `2,1,"'=HYPERLINK(""x"")",https://www.example.org/1/1,example.org,,x`,
      '',
    ]);
  });

  it('a link that is not http(s) has no domain', () => {
    const loaded = page(1, ['bad']);
    loaded.data.results[0] = { title: 'bad', url: 'javascript:alert(1)', href: null };
    expect(resultRows([loaded])[0]!.domain).toBeNull();
  });

  it('raw pages: one line a page, the answer untouched; a page cached before answers were kept is left out', () => {
    const answer = { success: true, data: [{ title: 'a', url: 'https://example.org' }], meta: { credits: 0.2 } };
    const lines = rawPagesNdjson([page(1, ['a'], answer), page(2, ['b'])])
      .trimEnd()
      .split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toEqual({
      operation: 'search',
      params: { q: 'x', num: 2, page: '1' },
      boughtAt: '2026-11-23T12:00:00.000Z',
      credits: '0.2',
      purchaseId: 'call-1',
      answer,
    });
  });

  it('names files after the search and the day', () => {
    expect(searchFileName('Rust async / "tokio"', 'results', 'csv', new Date('2026-11-23T10:00:00Z'))).toBe(
      'search-rust-async-tokio-results-2026-11-23.csv',
    );
    expect(searchFileName('日本', 'raw-pages', 'ndjson', new Date('2026-11-23T10:00:00Z'))).toBe(
      'search-raw-pages-2026-11-23.ndjson',
    );
  });

  it('says which pages an export holds', () => {
    expect(pagesLabel([1])).toBe('1');
    expect(pagesLabel([1, 2])).toBe('1, 2');
    expect(pagesLabel([1, 2, 3])).toBe('1–3');
    expect(pagesLabel([1, 3, 4])).toBe('1, 3, 4');
  });
});
