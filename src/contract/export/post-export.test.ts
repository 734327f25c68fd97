import { describe, expect, it } from 'vitest';
import { ada, postFixture } from '../../testing/post-fixture';
import { POST_COLUMNS, postRow, postRowsCsv, postRowsJson } from './post-export';

describe('one export shape for posts', () => {
  it('a post’s row has its free page’s absolute address, and the platform’s when the answer gave it', () => {
    const row = postRow(postFixture({ permalink: 'https://platform.example/ada/status/1' }), {
      owner: 'ada__x',
      origin: 'http://127.0.0.1:5173',
    });
    expect(row.url).toBe('http://127.0.0.1:5173/timeline/ada/post/1900000000000000001');
    expect(row.platform_url).toBe('https://platform.example/ada/status/1');
    expect(Object.keys(row)).toEqual([...POST_COLUMNS]);
  });

  it('a repost is one row: the entry’s id and address, the original’s content, who reposted it', () => {
    const original = postFixture({ id: '20', text: 'original', author: { ...ada, handle: 'grace', name: 'Grace' } });
    const row = postRow(postFixture({ id: '21', text: 'RT', repostOf: original }), { owner: 'ada' });
    expect(row).toMatchObject({
      id: '21',
      author_handle: 'grace',
      text: 'original',
      repost_of: '20',
      reposted_by: 'ada',
      url: '/timeline/ada/post/21',
    });
  });

  it('CSV and JSON carry the same columns and values', () => {
    const rows = [postFixture(), postFixture({ id: '2', text: '=1+1, "quoted"' })].map((post) =>
      postRow(post, { owner: 'ada' }),
    );
    const lines = postRowsCsv(rows).trimEnd().split('\r\n');
    expect(lines[0]).toBe(POST_COLUMNS.join(','));
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain(`"'=1+1, ""quoted"""`);
    expect(JSON.parse(postRowsJson(rows))).toEqual(rows);
  });
});

describe('every post export writes these columns', () => {
  it('the timeline’s, a find’s and a job’s files share the post columns in one order', async () => {
    const { postsToCsv } = await import('../../features/timeline/export');
    const { findHitsCsv } = await import('../../features/find/export');
    const { csvHeader } = await import('../../../server/jobs/export');
    const header = POST_COLUMNS.join(',');
    expect(postsToCsv([postFixture()], 'ada').split('\r\n')[0]).toBe(header);
    expect(findHitsCsv([]).split('\r\n')[0]).toBe(header);
    // A job's rows say where they came from first.
    expect(csvHeader('posts')).toBe(`job,item,kind,subject,page,purchase_id,from_archive,${header}\r\n`);
  });
});
