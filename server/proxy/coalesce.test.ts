import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxyAgainstStandin, type ProxyHarness } from '../testing/harness.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import { HEADER } from '../../src/contract/index.ts';

async function answers(responses: Response[]) {
  return Promise.all(
    responses.map(async (response) => ({
      status: response.status,
      body: await response.text(),
      callId: response.headers.get(HEADER.callId),
      credits: response.headers.get(HEADER.credits),
      source: response.headers.get(HEADER.source),
    })),
  );
}

describe.each(STORE_KINDS)('one page, one purchase (%s store)', (store) => {
  let harness: ProxyHarness;
  beforeAll(async () => {
    harness = await startProxyAgainstStandin({}, { store });
  });
  afterAll(async () => {
    await harness.close();
  });

  it('10 concurrent requests for ADA/ada share one upstream call, one answer and one ledger row', async () => {
    // The stand-in holds the call long enough for every asker to arrive while it is in flight.
    await harness.fault({ match: 'ada__coalesce', latencyMs: 300, times: 1 });
    const handles = ['ADA__COALESCE', 'ada__coalesce', 'Ada__Coalesce', ' ada__coalesce', 'ada__coalesce'];
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        harness.api(
          `/api/v1/social/microblog/posts?screen_name=${encodeURIComponent(handles[index % handles.length]!)}`,
        ),
      ),
    );
    const got = await answers(responses);

    expect(await harness.upstreamLog('ada__coalesce')).toHaveLength(1);
    expect((await harness.upstreamLog('ada__coalesce'))[0]!.query).toEqual({ screen_name: 'ada__coalesce' });
    expect(got.map(({ status }) => status)).toEqual(Array(10).fill(200));
    expect(new Set(got.map(({ body, callId, credits }) => JSON.stringify([body, callId, credits]))).size).toBe(1);
    const rows = (await harness.state()).rows.filter((row) => row.params.screen_name === 'ada__coalesce');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(got[0]!.callId);
  });

  it('a search with page=1 and num=10 typed out is the default search: one call, sent with num and page', async () => {
    await harness.fault({ match: 'coalesced search', latencyMs: 300, times: 1 });
    const bodies = [
      { q: 'coalesced search' },
      { q: 'coalesced  search', page: 1 },
      { q: 'coalesced search', num: 10, page: '1' },
      { q: ' coalesced search', num: '10' },
    ];
    const got = await answers(
      await Promise.all(
        bodies.map((body) => harness.api('/api/v1/search', { method: 'POST', body: JSON.stringify(body) })),
      ),
    );
    const calls = await harness.upstreamLog('coalesced search');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ q: 'coalesced search', num: 10, page: '1' });
    expect(new Set(got.map(({ status, callId }) => `${status} ${callId}`)).size).toBe(1);
  });

  it('shares a failure the same way: one call, one row, the same error for everyone', async () => {
    await harness.fault({ match: 'grace__sharedfail', status: 404, body: 'json-error', latencyMs: 300, times: 1 });
    const got = await answers(
      await Promise.all(
        Array.from({ length: 4 }, () => harness.api('/api/v1/social/microblog/posts?screen_name=grace__sharedfail')),
      ),
    );
    expect(await harness.upstreamLog('grace__sharedfail')).toHaveLength(1);
    expect(new Set(got.map(({ status, body, callId }) => JSON.stringify([status, body, callId]))).size).toBe(1);
    expect(got[0]!.status).toBe(404);
    // A failure is not archived: asking again buys the page.
    const [again] = await answers([await harness.api('/api/v1/social/microblog/posts?screen_name=grace__sharedfail')]);
    expect(again).toMatchObject({ status: 200, credits: '0.1', source: null });
    expect(await harness.upstreamLog('grace__sharedfail')).toHaveLength(2);
  });

  it('asking again once the answer is out is served from the archive: free, the same answer, no upstream call, no new row', async () => {
    const [first] = await answers([await harness.api('/api/v1/social/microblog/posts?screen_name=ada__archived')]);
    const [again] = await answers([await harness.api('/api/v1/social/microblog/posts?screen_name=ADA__archived')]);
    expect(first).toMatchObject({ status: 200, credits: '0.1', source: null });
    expect(again).toMatchObject({
      status: 200,
      credits: '0',
      source: 'archive',
      body: first!.body,
      callId: first!.callId,
    });
    expect(await harness.upstreamLog('ada__archived')).toHaveLength(1);
    expect((await harness.state()).rows.filter((row) => row.params.screen_name === 'ada__archived')).toHaveLength(1);
  });

  it('asking again with x-creditscope-refresh: 1 is a new purchase (an explicit refresh)', async () => {
    const [first] = await answers([await harness.api('/api/v1/social/microblog/posts?screen_name=ada__again')]);
    const [again] = await answers([
      await harness.api('/api/v1/social/microblog/posts?screen_name=ADA__again', {
        headers: { [HEADER.refresh]: '1' },
      }),
    ]);
    expect(first).toMatchObject({ status: 200, credits: '0.1' });
    expect(again).toMatchObject({ status: 200, credits: '0.1', source: null });
    expect(again!.callId).not.toBe(first!.callId);
    expect(await harness.upstreamLog('ada__again')).toHaveLength(2);
    expect(
      (await harness.state()).rows.filter((row) => row.params.screen_name === 'ada__again').map((row) => row.id),
    ).toEqual([first!.callId, again!.callId]);
    // The refreshed answer is now the archived one: a third, plain ask gets it free.
    const [third] = await answers([await harness.api('/api/v1/social/microblog/posts?screen_name=ada__again')]);
    expect(third).toMatchObject({ status: 200, credits: '0', source: 'archive', callId: again!.callId });
    expect(await harness.upstreamLog('ada__again')).toHaveLength(2);
  });
});
