import { parseFeed } from '@rowanmanning/feed-parser';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { allWatchesFeedPath, feedKeyAnswer, watchFeedPath } from '../../../src/contract/watch-feeds.ts';
import { PeopleAdmin } from '../../identity/admin.ts';
import type { StoreKind } from '../../store/open.ts';
import { harnessForTest, type ProxyHarness } from '../../testing/harness.ts';
import { learnPrices } from '../../testing/jobs.ts';
import { signedInApi } from '../../testing/people.ts';
import { STORE_KINDS } from '../../testing/postgres.ts';
import { openRaw } from '../../testing/store-reads.ts';
import { addWatch, grow, newItems, runWatchNow } from '../../testing/watches.ts';

type Api = ProxyHarness['api'];

const feedKey = async (api: Api) => v.parse(feedKeyAnswer, await (await api('/api/_watches/feed')).json()).key;

/** What a feed reader sends: the address, and no cookie or header of the app's. */
const read = (harness: ProxyHarness, path: string, headers: Record<string, string> = {}) =>
  fetch(`${harness.origin}${path}`, { headers: { accept: 'application/atom+xml', ...headers } });

/** A feed as a feed reader reads it: 200, Atom, parsed with a feed library. */
async function readFeed(harness: ProxyHarness, path: string) {
  const response = await read(harness, path);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
  const xml = await response.text();
  // Only characters XML 1.0 allows (its Char production): a strict reader refuses a feed for one other.
  expect(xml).not.toMatch(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u);
  return { feed: parseFeed(xml), xml, response };
}

/** Reading a feed buys nothing: the stand-in's whole log is the same before and after. */
async function withoutUpstreamCalls<T>(harness: ProxyHarness, work: () => Promise<T>): Promise<T> {
  const before = (await harness.upstreamLog()).length;
  const result = await work();
  expect((await harness.upstreamLog()).length).toBe(before);
  return result;
}

async function expectNotFound(harness: ProxyHarness, path: string) {
  const response = await read(harness, path);
  expect(response.status).toBe(404);
  expect(await response.text()).toBe('Not found');
}

describe.each(STORE_KINDS)('Atom feeds of watches (#37, %s store)', (store: StoreKind) => {
  it('serves a watch’s items and all watches’ from the store, parsed by a feed library, with 0 upstream calls', async () => {
    const harness = await harnessForTest({}, { store });
    await learnPrices(harness.api);
    const handle = 'grace__f1';
    const watch = await addWatch(harness.api, {
      kind: 'timeline',
      target: { screen_name: handle },
      schedule: { every: '1h' },
      cap: { credits: '10', per: 'day' },
    });
    await runWatchNow(harness.api, watch);
    await grow(harness.standin.url, handle, 2);
    await runWatchNow(harness.api, watch);
    const other = await addWatch(harness.api, {
      kind: 'timeline',
      target: { screen_name: 'ada__f1' },
      schedule: { every: '6h' },
      cap: { credits: '10', per: 'day' },
    });
    await runWatchNow(harness.api, other);
    // A post whose text has controls XML forbids, CDATA's end, markup, an emoji and half a UTF-16 pair (no NUL:
    // SQLite's text ends at one, PostgreSQL's refuses it).
    const db = await openRaw(harness);
    await db.kysely
      .insertInto('watch_items')
      .values({
        watch_id: watch.id,
        key: 'odd',
        kind: 'post',
        run_id: 'manual',
        found_at: new Date(Date.now() + 60_000).toISOString(),
        seen_at: null,
        matched: 1,
        preview: 'a\u001Bb\u0007c\u000C ]]> <b>d</b> & 🦆 \uD800e',
        link: `/timeline/${handle}/post/1`,
      })
      .execute();
    await db.close();

    const key = await feedKey(harness.api);
    const ofWatch = await withoutUpstreamCalls(harness, () => readFeed(harness, watchFeedPath(key, watch.id)));
    const items = (await newItems(harness.api)).items.filter((item) => item.watchId === watch.id);
    // Its 22 items (the first page, two new posts) and the odd one, newest first, with absolute links.
    expect(items).toHaveLength(23);
    expect(ofWatch.feed.items.map((item) => item.url)).toEqual(items.map((item) => `${harness.origin}${item.link}`));
    expect(ofWatch.feed.title).toBe(`creditscope: @${handle}`);
    const odd = ofWatch.feed.items[0]!;
    expect(odd.title).toBe('abc ]]> <b>d</b> & 🦆 \uFFFDe');
    expect(odd.content).toBe(odd.title);
    // As HTML that shows the text as written: markup escaped, not run.
    expect(ofWatch.xml).toContain('<![CDATA[abc ]]&gt; &lt;b&gt;d&lt;/b&gt; &amp; 🦆');
    expect(odd.updated).toBeInstanceOf(Date);
    expect(ofWatch.feed.items[1]!.content).toBe(items[1]!.preview);

    // All watches: both watches' items, each titled with its watch.
    const all = await withoutUpstreamCalls(harness, () => readFeed(harness, allWatchesFeedPath(key)));
    expect(all.feed.items).toHaveLength(22 + 1 + 20);
    const ofWatchIds = new Set(ofWatch.feed.items.map((item) => item.id));
    const others = all.feed.items.filter((item) => !ofWatchIds.has(item.id));
    expect(others).toHaveLength(20);
    expect(others.every((item) => item.title?.startsWith('@ada__f1: '))).toBe(true);

    // A reader's copy that is current: 304, nothing sent again.
    const etag = ofWatch.response.headers.get('etag')!;
    const again = await read(harness, watchFeedPath(key, watch.id), { 'if-none-match': etag });
    expect(again.status).toBe(304);
    const since = await read(harness, watchFeedPath(key, watch.id), {
      'if-modified-since': ofWatch.response.headers.get('last-modified')!,
    });
    expect(since.status).toBe(304);
    // A reader that asks with HEAD first learns the same validator, with no body.
    const head = await fetch(`${harness.origin}${watchFeedPath(key, watch.id)}`, { method: 'HEAD' });
    expect([head.status, head.headers.get('etag'), await head.text()]).toEqual([200, etag, '']);

    // A wrong key, a made-up watch and a reset key all answer the same bare 404.
    await expectNotFound(harness, allWatchesFeedPath('A'.repeat(32)));
    await expectNotFound(harness, allWatchesFeedPath('not-a-key'));
    await expectNotFound(harness, watchFeedPath(key, 'no-such-watch'));
    await expectNotFound(harness, `/feeds/${key}/watches/${watch.id}.rss`);
    // Feeds are only read: another method is refused by its method, the same for a right key and a wrong one.
    for (const path of [watchFeedPath(key, watch.id), allWatchesFeedPath('A'.repeat(32))]) {
      const posted = await fetch(`${harness.origin}${path}`, { method: 'POST', body: 'x' });
      expect([posted.status, posted.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    }
    const reset = await harness.api('/api/_watches/feed/reset', { method: 'POST', body: '{}' });
    const fresh = v.parse(feedKeyAnswer, await reset.json()).key;
    expect(fresh).not.toBe(key);
    expect(await feedKey(harness.api)).toBe(fresh);
    await expectNotFound(harness, allWatchesFeedPath(key));
    await expectNotFound(harness, watchFeedPath(key, watch.id));
    expect((await readFeed(harness, watchFeedPath(fresh, watch.id))).feed.items).toHaveLength(23);
    // Reading and resetting the key are the app's own requests: a page elsewhere cannot.
    expect((await fetch(`${harness.origin}/api/_watches/feed`)).status).toBe(403);

    // The same store once people sign in: the server's own key would show everyone's watches, so it shows nothing.
    const signingIn = await harnessForTest({ CREDITSCOPE_AUTH: 'accounts' }, { shareStoreOf: harness });
    await expectNotFound(signingIn, allWatchesFeedPath(fresh));
    await expectNotFound(signingIn, watchFeedPath(fresh, watch.id));
  });

  it('shows each person only their own watches, by their own key, until they are removed', async () => {
    process.env.CREDITSCOPE_TEST_SCRYPT_LOG_N = '10';
    const harness = await harnessForTest(
      { CREDITSCOPE_AUTH: 'accounts', CREDITSCOPE_PUBLIC_URL: 'https://cs.example.com/' },
      { store },
    );
    const alice = await signedInApi(harness, 'alice', 'member');
    const bob = await signedInApi(harness, 'bob', 'member');
    await learnPrices(alice);
    const hers = await addWatch(alice, {
      kind: 'timeline',
      target: { screen_name: 'grace__f2' },
      schedule: { every: '1h' },
      cap: { credits: '1', per: 'day' },
    });
    await runWatchNow(alice, hers);
    const his = await addWatch(bob, {
      kind: 'search',
      target: { q: 'compilers' },
      schedule: { every: '6h' },
      cap: { credits: '1', per: 'day' },
    });
    const aliceKey = await feedKey(alice);
    const bobKey = await feedKey(bob);
    expect(bobKey).not.toBe(aliceKey);

    const herFeed = await withoutUpstreamCalls(harness, () => readFeed(harness, allWatchesFeedPath(aliceKey)));
    expect(herFeed.feed.items).toHaveLength(20);
    // CREDITSCOPE_PUBLIC_URL set: the links start with it, whatever Host the reader used.
    expect(herFeed.feed.items[0]!.url).toMatch(/^https:\/\/cs\.example\.com\/timeline\/grace__f2\/post\/\d+$/);
    const hisFeed = await readFeed(harness, allWatchesFeedPath(bobKey));
    expect(hisFeed.feed.items).toEqual([]);
    expect(hisFeed.xml).not.toContain('grace__f2');
    await expectNotFound(harness, watchFeedPath(bobKey, hers.id));
    expect((await readFeed(harness, watchFeedPath(bobKey, his.id))).feed.items).toEqual([]);
    // Nobody signed in has no key to read.
    expect((await harness.api('/api/_watches/feed')).status).toBe(401);
    // Removed, her key shows nothing.
    await new PeopleAdmin(harness.identity, 'cli').remove('alice');
    await expectNotFound(harness, allWatchesFeedPath(aliceKey));
    await expectNotFound(harness, watchFeedPath(aliceKey, hers.id));
  });
});
