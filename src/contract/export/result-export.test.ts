import { describe, expect, it } from 'vitest';
import { resultRowsCsv } from './result-csv';
import { RESULT_COLUMNS, resultExportRow } from './result-export';

describe('one export shape for web results', () => {
  it('a result keeps its own columns: rank, page, title, url, its site, snippet, the query', () => {
    const row = resultExportRow({
      rank: 12,
      page: 2,
      title: 'Rust async',
      url: 'https://www.docs.example.org/a',
      query: 'rust async',
    });
    expect(row).toEqual({
      rank: 12,
      page: 2,
      title: 'Rust async',
      url: 'https://www.docs.example.org/a',
      domain: 'docs.example.org',
      snippet: null,
      query: 'rust async',
    });
    // An address that is not http(s) names no site.
    expect(resultExportRow({ rank: 1, page: 1, title: 'x', url: 'javascript:alert(1)', query: 'q' }).domain).toBe(null);
    const lines = resultRowsCsv([row]).split('\r\n');
    expect(lines[0]).toBe('rank,page,title,url,domain,snippet,query');
    expect(lines[1]).toBe('12,2,Rust async,https://www.docs.example.org/a,docs.example.org,,rust async');
  });

  it('the search page’s, a find’s and a job’s result files share the columns in one order', async () => {
    const { resultsCsv } = await import('../../features/search/results-csv');
    const { findResultsCsv } = await import('../../features/find/export');
    const { csvHeader } = await import('../../../server/jobs/export');
    const header = RESULT_COLUMNS.join(',');
    expect(resultsCsv([]).split('\r\n')[0]).toBe(header);
    expect(findResultsCsv([]).split('\r\n')[0]).toBe(header);
    expect(csvHeader('results')).toBe(`job,item,kind,subject,purchase_id,from_archive,${header}\r\n`);
  });
});
