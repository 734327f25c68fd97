import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { StoreKind } from '../store/open.ts';
import { startProxyAgainstStandin, type ProxyHarness } from '../testing/harness.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import { HEADER } from '../../src/contract/index.ts';

const timeline = (harness: ProxyHarness, query: string, refresh = false, headers: Record<string, string> = {}) =>
  harness.api(`/api/v1/social/microblog/posts?${query}`, {
    headers: { ...(refresh ? { [HEADER.refresh]: '1' } : {}), ...headers },
  });
/** The browser's ask for the archive's newer copy of a page it holds: served free or not at all. */
const ARCHIVED_ONLY = { [HEADER.archivedOnly]: '1' };
const search = (harness: ProxyHarness, body: object) =>
  harness.api('/api/v1/search', { method: 'POST', body: JSON.stringify(body) });

async function read(response: Response) {
  return {
    status: response.status,
    body: await response.text(),
    source: response.headers.get(HEADER.source),
    credits: response.headers.get(HEADER.credits),
    callId: response.headers.get(HEADER.callId),
  };
}

describe.each(STORE_KINDS)('the archive of bought answers (%s store)', (store: StoreKind) => {
  const open: ProxyHarness[] = [];
  afterEach(async () => {
    for (const harness of open.splice(0)) await harness.close();
  });
  afterAll(async () => {
    for (const harness of open.splice(0)) await harness.close();
  });
  async function proxy(env: Record<string, string> = {}) {
    const harness = await startProxyAgainstStandin(env, { store });
    open.push(harness);
    return harness;
  }

  it('serves a first page and a search again for ARCHIVE_FRESH_FOR (24h by default), free, counting nothing', async () => {
    const harness = await proxy();
    const page = await read(await timeline(harness, 'screen_name=ada__fresh'));
    const found = await read(await search(harness, { q: 'archive fresh' }));
    const spent = (await harness.state()).session;
    expect(spent).toMatchObject({ calls: 2, total: '0.3' });

    const pageAgain = await read(await timeline(harness, 'screen_name=ADA__fresh'));
    const foundAgain = await read(await search(harness, { q: 'archive  fresh', num: 10, page: 1 }));
    expect(pageAgain).toEqual({ ...page, source: 'archive', credits: '0' });
    expect(foundAgain).toEqual({ ...found, source: 'archive', credits: '0' });
    expect(await harness.upstreamLog('ada__fresh')).toHaveLength(1);
    expect(await harness.upstreamLog('archive fresh')).toHaveLength(1);
    const after = await harness.state();
    expect(after.session).toEqual(spent);
    expect(after.rows).toHaveLength(2);
  });

  it('serves a timeline cursor page forever, but buys a first page or a search again once it is older than ARCHIVE_FRESH_FOR', async () => {
    const harness = await proxy({ ARCHIVE_FRESH_FOR: '0s' });
    const first = (await (await timeline(harness, 'screen_name=ada__stale')).json()) as {
      data: { next_cursor: string };
    };
    const cursor = encodeURIComponent(first.data.next_cursor);
    expect((await read(await timeline(harness, `screen_name=ada__stale&cursor=${cursor}`))).source).toBeNull();
    await search(harness, { q: 'archive stale' });

    // An older page of a timeline cannot change: the archived copy stands in for it whatever its age.
    expect(await read(await timeline(harness, `screen_name=ada__stale&cursor=${cursor}`))).toMatchObject({
      status: 200,
      source: 'archive',
      credits: '0',
    });
    // Asked for the archive's copy only, a first page past ARCHIVE_FRESH_FOR is refused, not bought.
    const archivedOnly = await timeline(harness, 'screen_name=ada__stale', false, ARCHIVED_ONLY);
    expect(archivedOnly.status).toBe(404);
    expect(archivedOnly.headers.get(HEADER.charged)).toBe('no');
    expect(await harness.upstreamLog('ada__stale')).toHaveLength(2);
    // The newest page and a search can: bought again.
    expect(await read(await timeline(harness, 'screen_name=ada__stale'))).toMatchObject({
      status: 200,
      source: null,
      credits: '0.1',
    });
    expect(await read(await search(harness, { q: 'archive stale' }))).toMatchObject({
      status: 200,
      source: null,
      credits: '0.2',
    });
    expect((await harness.upstreamLog('ada__stale')).map((call) => call.query.cursor ?? null)).toEqual([
      null,
      first.data.next_cursor,
      null,
    ]);
    expect(await harness.upstreamLog('archive stale')).toHaveLength(2);
    expect((await harness.state()).session).toMatchObject({ calls: 5, total: '0.7' });
  });

  it('buys again on x-creditscope-refresh: 1 even a cursor page, and serves the newer answer from then on', async () => {
    const harness = await proxy();
    const first = (await (await timeline(harness, 'screen_name=ada__refresh')).json()) as {
      data: { next_cursor: string };
    };
    const cursor = encodeURIComponent(first.data.next_cursor);
    const bought = await read(await timeline(harness, `screen_name=ada__refresh&cursor=${cursor}`));
    const refreshed = await read(await timeline(harness, `screen_name=ada__refresh&cursor=${cursor}`, true));
    expect(refreshed).toMatchObject({ status: 200, source: null, credits: '0.1' });
    expect(refreshed.callId).not.toBe(bought.callId);
    expect(await read(await timeline(harness, `screen_name=ada__refresh&cursor=${cursor}`))).toMatchObject({
      source: 'archive',
      callId: refreshed.callId,
    });
    expect(await harness.upstreamLog('ada__refresh')).toHaveLength(3);
  });

  it('answers an archive-only ask from the archive, free, and refuses it with nothing bought when there is no copy', async () => {
    const harness = await proxy();
    const none = await timeline(harness, 'screen_name=ada__only', false, ARCHIVED_ONLY);
    expect(none.status).toBe(404);
    expect(none.headers.get(HEADER.charged)).toBe('no');
    expect(((await none.json()) as { error: { kind: string; message: string } }).error).toMatchObject({
      kind: 'not_found',
      message: expect.stringMatching(/^Not sent, nothing charged: the archive holds no free copy/),
    });
    expect(await harness.upstreamLog('ada__only')).toHaveLength(0);
    expect((await harness.state()).rows).toHaveLength(0);

    const bought = await read(await timeline(harness, 'screen_name=ada__only'));
    // Served from the archive, free, even with the refresh header: archive-only wins, nothing is bought again.
    for (const refresh of [false, true])
      expect(await read(await timeline(harness, 'screen_name=ADA__only', refresh, ARCHIVED_ONLY))).toEqual({
        ...bought,
        source: 'archive',
        credits: '0',
      });
    expect(await harness.upstreamLog('ada__only')).toHaveLength(1);
    expect((await harness.state()).session).toMatchObject({ calls: 1, total: '0.1' });
  });

  it('keeps no failure: an error answer is bought again on the next ask', async () => {
    const harness = await proxy();
    await harness.fault({ match: 'ada__notkept', status: 404, body: 'json-error', times: 1 });
    expect((await timeline(harness, 'screen_name=ada__notkept')).status).toBe(404);
    expect(await read(await timeline(harness, 'screen_name=ada__notkept'))).toMatchObject({
      status: 200,
      source: null,
      credits: '0.1',
    });
    expect(await harness.upstreamLog('ada__notkept')).toHaveLength(2);
  });

  it('lists what it holds in /api/_history, newest first, and exports every archived answer', async () => {
    const harness = await proxy();
    await timeline(harness, 'screen_name=ada__listed');
    await search(harness, { q: 'archive listed' });
    const history = (await (await harness.api('/api/_history')).json()) as {
      entries: { operation: string; subject: string; credits: string; boughtAt: string }[];
      subjects: { operation: string; subject: string; pages: number }[];
    };
    // Two purchases may share a millisecond: the order is checked by time, the content as a set.
    expect(history.entries.map((entry) => [entry.operation, entry.subject, entry.credits]).sort()).toEqual([
      ['search', 'archive listed', '0.2'],
      ['timeline', 'ada__listed', '0.1'],
    ]);
    expect(history.entries[0]!.boughtAt >= history.entries[1]!.boughtAt).toBe(true);
    expect(history.subjects).toEqual(
      expect.arrayContaining([expect.objectContaining({ operation: 'timeline', subject: 'ada__listed', pages: 1 })]),
    );
    const lines = (await (await harness.api('/api/_history/archive.ndjson')).text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { operation: string; answer: { success: boolean } });
    expect(lines.map((line) => [line.operation, line.answer.success]).sort()).toEqual([
      ['search', true],
      ['timeline', true],
    ]);
  });
});
