import { POST_COLUMNS } from '../../src/contract/export/post-export.ts';
import { RESULT_COLUMNS } from '../../src/contract/export/result-export.ts';
import { searchResults } from '../standin/search.ts';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoreKind } from '../store/open.ts';
import { startProxyAgainstStandin, type HarnessOptions } from '../testing/harness.ts';
import { duplicates, jobOf, learnPrices, pagesAsked, quoteOf, settledJob, startJob } from '../testing/jobs.ts';
import { STORE_KINDS } from '../testing/postgres.ts';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** Buys a handle's first `pages` pages through the proxy as the browser would, following the cursors. */
async function buyPages(api: (pathname: string) => Promise<Response>, handle: string, pages: number) {
  let cursor: string | null = null;
  for (let page = 0; page < pages; page += 1) {
    const response = await api(
      `/api/v1/social/microblog/posts?screen_name=${handle}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(response.status).toBe(200);
    cursor = ((await response.json()) as { data: { next_cursor: string } }).data.next_cursor;
  }
}

/** The ids of a handle's first pages as the browser reads them, following the cursors (served free from the archive once bought). */
async function postIdsOf(
  api: (pathname: string) => Promise<Response>,
  handle: string,
  pages: number,
): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < pages; page += 1) {
    const body = (await (
      await api(
        `/api/v1/social/microblog/posts?screen_name=${handle}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      )
    ).json()) as { data: { next_cursor: string; timeline: { post_id: string }[] } };
    ids.push(...body.data.timeline.map((post) => post.post_id));
    cursor = body.data.next_cursor;
  }
  return ids;
}

describe.each(STORE_KINDS)('collection jobs (%s store)', (store: StoreKind) => {
  async function fresh(env: Record<string, string> = {}, options: HarnessOptions = {}) {
    const harness = await startProxyAgainstStandin(env, { store, ...options });
    cleanup.push(() => harness.close());
    await learnPrices(harness.api);
    return harness;
  }

  it('quotes pages already in the archive as free, and buys nothing to quote', async () => {
    const harness = await fresh();
    await buyPages(harness.api, 'ada__jq', 2);
    const quote = await quoteOf(harness.api, {
      handles: ['ada__jq', '@Grace__jq'],
      searches: ['jobs jq'],
      timeline: { pages: 3 },
      searchPages: 2,
    });
    expect(quote).toMatchObject({
      maxCredits: '0.8',
      pagesToBuy: 6,
      pagesInArchive: 2,
      budgetLeft: null,
      fits: true,
      price: { timeline: '0.1', search: '0.2' },
      items: [
        { kind: 'timeline', subject: 'ada__jq', maxPages: 3, archivedPages: 2, maxCredits: '0.1' },
        { kind: 'timeline', subject: 'grace__jq', maxPages: 3, archivedPages: 0, maxCredits: '0.3' },
        { kind: 'search', subject: 'jobs jq', maxPages: 2, archivedPages: 0, maxCredits: '0.4' },
      ],
    });
    expect(await harness.upstreamLog('jq')).toHaveLength(2);
  });

  it('quotes "until the end" likely from the profile\'s post count, at most unchanged, and the job spends about the likely', async () => {
    const harness = await fresh();
    // One first page each of Grace (47 posts) and Ada: the archive holds their profiles.
    await buyPages(harness.api, 'grace__jl', 1);
    await buyPages(harness.api, 'ada__jl', 1);
    const spec = { handles: ['grace__jl', 'ada__jl', 'newsdesk__jl'], timeline: { untilEnd: true } };
    const quote = await quoteOf(harness.api, spec);
    expect(quote).toMatchObject({
      maxCredits: '29.8',
      pagesToBuy: 99 + 99 + 100,
      items: [
        // 47 posts at 20 a page: 3 pages and the empty one that ends it; the first is in the archive.
        { subject: 'grace__jl', maxPages: 100, archivedPages: 1, maxCredits: '9.9', profilePosts: 47, likelyPages: 3 },
        // 543 by her profile: 29 pages, one in the archive (she has 28 from the first page on: near enough).
        {
          subject: 'ada__jl',
          archivedPages: 1,
          maxCredits: '9.9',
          profilePosts: 543,
          likelyPages: 28,
          likelyCredits: '2.8',
        },
        // Nothing archived of Newsdesk: no profile to estimate from, so likely is at most.
        { subject: 'newsdesk__jl', archivedPages: 0, maxCredits: '10', profilePosts: null, likelyPages: 100 },
      ],
      likelyPagesToBuy: 3 + 28 + 100,
      likelyCredits: '13.1',
    });
    expect(await harness.upstreamLog('jl')).toHaveLength(2);

    // The job, held to its at most, spends the likely: Grace's three pages to buy, the last one empty.
    const { job } = await startJob(harness.api, { ...spec, handles: ['grace__jl'] });
    expect(job.quoteMaxCredits).toBe('9.9');
    const done = await settledJob(harness.api, job.id);
    expect(done.job).toMatchObject({ status: 'done', spent: '0.3', pagesDone: 4, postsDone: 47 });
    expect(await harness.upstreamLog('jl')).toHaveLength(2 + 3);
  });

  it('runs 3 handles × 3 pages spending exactly the quote, archived pages free, no page bought twice', async () => {
    const harness = await fresh();
    await buyPages(harness.api, 'ada__jr', 2);
    const { quote, job } = await startJob(harness.api, {
      handles: ['ada__jr', 'grace__jr', 'newsdesk__jr'],
      timeline: { pages: 3 },
    });
    expect(quote).toMatchObject({ maxCredits: '0.7', pagesToBuy: 7, pagesInArchive: 2 });
    const done = await settledJob(harness.api, job.id);
    expect(done.job).toMatchObject({
      status: 'done',
      stopReason: null,
      spent: '0.7',
      quoteMaxCredits: '0.7',
      pagesDone: 9,
      pagesPlanned: 9,
      pagesFromArchive: 2,
      postsDone: 60 + 47 + 60,
    });
    expect(done.items.map((item) => [item.subject, item.status, item.pagesDone, item.credits])).toEqual([
      ['ada__jr', 'done', 3, '0.1'],
      ['grace__jr', 'done', 3, '0.3'],
      ['newsdesk__jr', 'done', 3, '0.3'],
    ]);
    const log = await harness.upstreamLog('__jr');
    expect(log).toHaveLength(2 + 7);
    expect(duplicates(pagesAsked(log))).toEqual([]);
    expect((await harness.state()).session.total).toBe('1.2');

    // The export: one row per post obtained, each with the purchase it came from, equal to the pages re-read (free) from the archive.
    const bought: string[] = [];
    for (const handle of ['ada__jr', 'grace__jr', 'newsdesk__jr'])
      bought.push(...(await postIdsOf(harness.api, handle, 3)));
    const ndjson = await harness.api(`/api/_jobs/${job.id}/export.ndjson`);
    expect(ndjson.headers.get('content-disposition')).toBe(`attachment; filename="creditscope-job-${job.id}.ndjson"`);
    const rows = (await ndjson.text())
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as { purchaseId: string; fromArchive: boolean; subject: string; item: { post_id: string } },
      );
    expect(rows.map((row) => row.item.post_id)).toEqual(bought);
    expect(new Set(rows.map((row) => row.purchaseId)).size).toBe(9);
    expect(rows.filter((row) => row.fromArchive)).toHaveLength(40);
    const csv = await harness.api(`/api/_jobs/${job.id}/export.csv`);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).split('\r\n').filter(Boolean);
    // The post columns every post export shares (src/contract/export/post-export.ts), after where the row came from.
    expect(lines[0]).toBe(`job,item,kind,subject,page,purchase_id,from_archive,${POST_COLUMNS.join(',')}`);
    expect(lines.slice(1).map((line) => line.split(',')[7])).toEqual(bought);
    // Each post's url is its free page on this server, never empty.
    expect(lines[1]).toMatch(new RegExp(`,http://[^/,]+/timeline/\\w+/post/${bought[0]},`));
    expect(
      (
        JSON.parse((await (await harness.api(`/api/_jobs/${job.id}/export.ndjson`)).text()).split('\n')[0]!) as {
          post: { url: string };
        }
      ).post.url,
    ).toMatch(/\/post\//);
    expect(await harness.upstreamLog('__jr')).toHaveLength(9);
  });

  it("answers 400 naming every bad field, and 409 when the accepted quote is not today's", async () => {
    const harness = await fresh();
    const bad = await harness.api('/api/_jobs/quote', {
      method: 'POST',
      body: JSON.stringify({
        handles: ['ok', 'not a handle!'],
        searches: [''],
        timeline: { pages: 0 },
        searchPages: -1,
        extra: 1,
      }),
    });
    expect(bad.status).toBe(400);
    const message = ((await bad.json()) as { error: { message: string } }).error.message;
    for (const field of ['timeline.pages', 'searchPages', '"extra"']) expect(message).toContain(field);
    const empty = await harness.api('/api/_jobs/quote', {
      method: 'POST',
      body: JSON.stringify({ handles: [], searches: [], timeline: { pages: 1 }, searchPages: 1 }),
    });
    expect(((await empty.json()) as { error: { message: string } }).error.message).toMatch(/both lists are empty/);
    const handles = await harness.api('/api/_jobs/quote', {
      method: 'POST',
      body: JSON.stringify({ handles: ['ok', 'not a handle!'], timeline: { pages: 1 } }),
    });
    expect(((await handles.json()) as { error: { message: string } }).error.message).toContain('"not a handle!"');
    const tooMany = await harness.api('/api/_jobs/quote', {
      method: 'POST',
      body: JSON.stringify({
        handles: Array.from({ length: 1001 }, (_, index) => `h${index}`),
        timeline: { pages: 1 },
      }),
    });
    expect(((await tooMany.json()) as { error: { message: string } }).error.message).toMatch(/at most 1000/);
    const stale = await harness.api('/api/_jobs', {
      method: 'POST',
      body: JSON.stringify({ handles: ['ada__js'], timeline: { pages: 2 }, acceptedMaxCredits: '0.1' }),
    });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { quote: { maxCredits: string } }).quote.maxCredits).toBe('0.2');
    expect(await harness.upstreamLog('__js')).toHaveLength(0);
    expect(((await (await harness.api('/api/_jobs')).json()) as { jobs: unknown[] }).jobs).toEqual([]);
  });

  it('refuses a body that cannot mean one job: not JSON by its type, not UTF-8, a key twice, an untypable query', async () => {
    const harness = await fresh();
    const send = (body: Uint8Array<ArrayBuffer>, type = 'application/json') =>
      harness.api('/api/_jobs', { method: 'POST', body, headers: { 'content-type': type } });
    const spec = (searches: string) =>
      new TextEncoder().encode(
        `{"searches":${searches},"timeline":{"pages":1},"searchPages":1,"acceptedMaxCredits":"0.2"}`,
      );
    const refusals: [Promise<Response>, string][] = [
      [send(spec('["jb-plain"]'), 'text/plain'), 'Content-Type: application/json'],
      [send(new Uint8Array([...spec('["jb-'), 0xff, 0xfe, ...new TextEncoder().encode('"]')])), 'not valid UTF-8'],
      [
        send(new TextEncoder().encode('{"searches":["jb-a"],"searches":["jb-b"],"timeline":{"pages":1}}')),
        'the key "searches" more than once',
      ],
      [send(spec('["jb-\\u0000nul"]')), 'control characters'],
    ];
    for (const [answer, message] of refusals) {
      const response = await answer;
      expect(response.status, message).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain(message);
    }
    expect(await harness.upstreamLog('jb-')).toHaveLength(0);
    expect(((await (await harness.api('/api/_jobs')).json()) as { jobs: unknown[] }).jobs).toEqual([]);
  });

  it('will not quote a page whose price nobody knows yet (a real upstream publishes none)', async () => {
    const harness = await startProxyAgainstStandin({}, { store });
    cleanup.push(() => harness.close());
    const response = await harness.api('/api/_jobs/quote', {
      method: 'POST',
      body: JSON.stringify({ handles: ['ada__jp'], timeline: { pages: 1 } }),
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
      /price of a timeline page is not known yet/,
    );
  });

  it('lists jobs newest first and shows one with its items', async () => {
    const harness = await fresh();
    const first = await startJob(harness.api, { handles: ['grace__jl'], timeline: { pages: 1 } });
    const second = await startJob(harness.api, { searches: ['jobs jl'], searchPages: 1 });
    await settledJob(harness.api, first.job.id);
    await settledJob(harness.api, second.job.id);
    const { jobs } = (await (await harness.api('/api/_jobs')).json()) as {
      jobs: { id: string; spec: { handles: string[]; searches: string[] } }[];
    };
    expect(jobs.map((job) => job.id)).toEqual([second.job.id, first.job.id]);
    // Each job says what it was asked to collect: the browser names it by that and can run it again.
    expect(jobs.map((job) => [job.spec.handles, job.spec.searches])).toEqual([
      [[], ['jobs jl']],
      [['grace__jl'], []],
    ]);
    expect((await jobOf(harness.api, second.job.id)).items).toEqual([
      {
        position: 0,
        kind: 'search',
        subject: 'jobs jl',
        status: 'done',
        pagesDone: 1,
        pagesPlanned: 1,
        posts: 10,
        credits: '0.2',
        error: null,
      },
    ]);
    // A job of searches exports web results in their own columns (the search page's and Find's), no post columns.
    const lines = async (path: string) => (await (await harness.api(path)).text()).split('\r\n').filter(Boolean);
    const results = await lines(`/api/_jobs/${second.job.id}/export.csv`);
    expect(results[0]).toBe(`job,item,kind,subject,purchase_id,from_archive,${RESULT_COLUMNS.join(',')}`);
    const [third] = searchResults({ q: 'jobs jl', num: 10, page: 1 }).slice(2);
    expect(results).toHaveLength(11);
    const [job, item, kind, subject, purchase, archived, ...result] = results[3]!.split(',');
    expect([job, item, kind, subject, archived]).toEqual([second.job.id, '0', 'search', 'jobs jl', 'false']);
    expect(purchase).toMatch(/^[\w-]{8,}$/);
    expect(result).toEqual(['3', '1', third!.title, third!.url, new URL(third!.url).hostname, '', 'jobs jl']);
    // A timeline job has no results to give; asking for something else is refused by name.
    expect(await lines(`/api/_jobs/${first.job.id}/export.csv?rows=results`)).toHaveLength(1);
    const bad = await harness.api(`/api/_jobs/${first.job.id}/export.csv?rows=all`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/rows is 'posts' or 'results'/);
    expect((await harness.api('/api/_jobs/nope')).status).toBe(404);
  });
});
