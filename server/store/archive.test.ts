import { afterEach, describe, expect, it } from 'vitest';
import { startProxyAgainstStandin, type ProxyHarness } from '../testing/harness.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import { openRaw } from '../testing/store-reads.ts';
import type { StoreKind } from './open.ts';
import { HEADER } from '../../src/contract/index.ts';

const open: ProxyHarness[] = [];
afterEach(async () => {
  for (const harness of open.splice(0)) await harness.close();
});

interface Read {
  status: number;
  body: string;
  source: string | null;
  credits: string | null;
  callId: string | null;
  boughtAt: string | null;
}
async function read(response: Response): Promise<Read> {
  return {
    status: response.status,
    body: await response.text(),
    source: response.headers.get(HEADER.source),
    credits: response.headers.get(HEADER.credits),
    callId: response.headers.get(HEADER.callId),
    boughtAt: response.headers.get(HEADER.boughtAt),
  };
}
const REFRESH = { [HEADER.refresh]: '1' };
const timeline = async (harness: ProxyHarness, query: string, headers: Record<string, string> = {}) =>
  read(await harness.api(`/api/v1/social/microblog/posts?${query}`, { headers }));
const search = async (harness: ProxyHarness, q: string, headers: Record<string, string> = {}) =>
  read(await harness.api('/api/v1/search', { method: 'POST', body: JSON.stringify({ q }), headers }));
const nextCursor = (page: Read) => (JSON.parse(page.body) as { data: { next_cursor: string } }).data.next_cursor;

/** Sleeps until `ms` have passed since the store's own purchase time of a page, and no longer. */
async function waitPast(boughtAt: string, ms: number) {
  const wait = Date.parse(boughtAt) + ms + 25 - Date.now();
  expect(wait).toBeLessThan(ms + 100);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

async function boughtAt(harness: ProxyHarness, subject: string): Promise<string> {
  const history = (await (await harness.api(`/api/_history?subject=${encodeURIComponent(subject)}`)).json()) as {
    entries: { boughtAt: string }[];
  };
  return history.entries[0]!.boughtAt;
}

describe.each(STORE_KINDS)('archive semantics (%s store)', (store: StoreKind) => {
  async function proxy(env: Record<string, string> = {}) {
    const harness = await startProxyAgainstStandin(env, { store });
    open.push(harness);
    return harness;
  }

  it('serves a first page and a search free within ARCHIVE_FRESH_FOR=1s and buys them again once it has passed', async () => {
    const harness = await proxy({ ARCHIVE_FRESH_FOR: '1s' });
    const page = await timeline(harness, 'screen_name=ada__onesec');
    const found = await search(harness, 'archive one second');
    expect([page.credits, found.credits]).toEqual(['0.1', '0.2']);

    const pageAgain = await timeline(harness, 'screen_name=ada__onesec');
    const foundAgain = await search(harness, 'archive one second');
    expect(pageAgain).toMatchObject({
      status: 200,
      source: 'archive',
      credits: '0',
      callId: page.callId,
      body: page.body,
    });
    expect(foundAgain).toMatchObject({
      status: 200,
      source: 'archive',
      credits: '0',
      callId: found.callId,
      body: found.body,
    });
    expect(await harness.upstreamLog('ada__onesec')).toHaveLength(1);
    expect(await harness.upstreamLog('archive one second')).toHaveLength(1);

    await waitPast(pageAgain.boughtAt! > foundAgain.boughtAt! ? pageAgain.boughtAt! : foundAgain.boughtAt!, 1_000);
    const pageLater = await timeline(harness, 'screen_name=ada__onesec');
    const foundLater = await search(harness, 'archive one second');
    expect(pageLater).toMatchObject({ status: 200, source: null, credits: '0.1' });
    expect(foundLater).toMatchObject({ status: 200, source: null, credits: '0.2' });
    expect(await harness.upstreamLog('ada__onesec')).toHaveLength(2);
    expect(await harness.upstreamLog('archive one second')).toHaveLength(2);
    // The new answer replaces the old one in the archive.
    expect(await timeline(harness, 'screen_name=ada__onesec')).toMatchObject({
      source: 'archive',
      callId: pageLater.callId,
    });
    expect((await harness.state()).session).toMatchObject({ calls: 4, total: '0.6' });
  });

  it('serves a timeline cursor page from the archive however old it is, while the first page of that timeline is bought again', async () => {
    const harness = await proxy({ ARCHIVE_FRESH_FOR: '1s' });
    const first = await timeline(harness, 'screen_name=ada__forever');
    const cursor = nextCursor(first);
    const older = await timeline(harness, `screen_name=ada__forever&cursor=${encodeURIComponent(cursor)}`);
    expect(older).toMatchObject({ status: 200, source: null, credits: '0.1' });

    // A year passes: put every archived answer's purchase time back by 400 days, straight in the store.
    const db = await openRaw(harness);
    try {
      const pages = await db.kysely.selectFrom('archive').select(['page_key', 'bought_at']).execute();
      expect(pages).toHaveLength(2);
      for (const page of pages) {
        await db.kysely
          .updateTable('archive')
          .set({ bought_at: new Date(Date.parse(page.bought_at) - 400 * 86_400_000).toISOString() })
          .where('page_key', '=', page.page_key)
          .execute();
      }
    } finally {
      await db.close();
    }

    expect(await timeline(harness, `screen_name=ada__forever&cursor=${encodeURIComponent(cursor)}`)).toMatchObject({
      status: 200,
      source: 'archive',
      credits: '0',
      callId: older.callId,
      body: older.body,
    });
    expect(await timeline(harness, 'screen_name=ada__forever')).toMatchObject({
      status: 200,
      source: null,
      credits: '0.1',
    });
    expect((await harness.upstreamLog('ada__forever')).map((call) => call.query.cursor ?? null)).toEqual([
      null,
      cursor,
      null,
    ]);
  });

  it('buys a fresh first page and a fresh search again on x-creditscope-refresh: 1, then serves the newer answer', async () => {
    const harness = await proxy();
    const page = await timeline(harness, 'screen_name=ada__refreshed');
    const found = await search(harness, 'archive refreshed');
    expect(await timeline(harness, 'screen_name=ada__refreshed')).toMatchObject({ source: 'archive' });

    const pageRefreshed = await timeline(harness, 'screen_name=ada__refreshed', REFRESH);
    const foundRefreshed = await search(harness, 'archive refreshed', REFRESH);
    expect(pageRefreshed).toMatchObject({ status: 200, source: null, credits: '0.1' });
    expect(foundRefreshed).toMatchObject({ status: 200, source: null, credits: '0.2' });
    expect([pageRefreshed.callId, foundRefreshed.callId]).not.toContain(page.callId);
    expect(foundRefreshed.callId).not.toBe(found.callId);
    expect(await timeline(harness, 'screen_name=ada__refreshed')).toMatchObject({
      source: 'archive',
      callId: pageRefreshed.callId,
    });
    expect(await search(harness, 'archive refreshed')).toMatchObject({
      source: 'archive',
      callId: foundRefreshed.callId,
    });
    expect(await harness.upstreamLog('ada__refreshed')).toHaveLength(2);
    expect(await harness.upstreamLog('archive refreshed')).toHaveLength(2);
  });

  it("serves a rest_id for free once the handle's page has told its rest_id (data.user.rest_id and data.user.profile)", async () => {
    const harness = await proxy();
    const page = await timeline(harness, 'screen_name=Ada');
    const user = (JSON.parse(page.body) as { data: { user: Record<string, unknown> } }).data.user;
    // What the stand-in (like the real service) says about the account: its id and, as `profile`, its handle.
    expect(user).toMatchObject({ rest_id: '1001', profile: 'ada' });

    expect(await timeline(harness, 'rest_id=1001')).toMatchObject({
      status: 200,
      source: 'archive',
      credits: '0',
      callId: page.callId,
      body: page.body,
    });
    expect(await timeline(harness, 'rest_id=0001001')).toMatchObject({ status: 200, source: 'archive', credits: '0' });
    // Older pages too: the rest_id's cursor page is the handle's.
    const cursor = encodeURIComponent(nextCursor(page));
    const older = await timeline(harness, `screen_name=ada&cursor=${cursor}`);
    expect(await timeline(harness, `rest_id=1001&cursor=${cursor}`)).toMatchObject({
      status: 200,
      source: 'archive',
      callId: older.callId,
    });
    expect(await harness.upstreamLog('"rest_id"')).toEqual([]);
    expect(await harness.upstreamLog('"screen_name":"ada"')).toHaveLength(2);
    expect((await harness.state()).session).toMatchObject({ calls: 2, total: '0.2' });
  });

  it('buys a rest_id no handle page has told about once, and serves it again free, also after learning its handle', async () => {
    const harness = await proxy();
    const bought = await timeline(harness, 'rest_id=1002');
    expect(bought).toMatchObject({ status: 200, source: null, credits: '0.1' });
    expect(await timeline(harness, 'rest_id=1002')).toMatchObject({
      status: 200,
      source: 'archive',
      credits: '0',
      callId: bought.callId,
    });
    expect(await harness.upstreamLog('"rest_id":"1002"')).toHaveLength(1);
    // What the history calls it: the handle the answer told.
    expect(await boughtAt(harness, 'grace')).toBeTruthy();
  });
});
