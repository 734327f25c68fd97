import path from 'node:path';
import Sqlite from 'libsql';
import { afterEach, describe, expect, it } from 'vitest';
import { generatePost } from '../standin/posts.ts';
import { USERS } from '../standin/users.ts';
import { startProxyAgainstStandin, waitFor, type ProxyHarness } from '../testing/harness.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import { openRaw } from '../testing/store-reads.ts';
import type { StoreKind } from '../store/open.ts';
import { HEADER } from '../../src/contract/index.ts';
import { findPosts, type FindFilters, type FoundPage } from './query.ts';
import { withSearchTables } from './tables.ts';

const open: ProxyHarness[] = [];
afterEach(async () => {
  for (const harness of open.splice(0)) await harness.close();
});

interface RawPost {
  post_id: string;
  text: string;
  created_at: string;
  author: { screen_name: string };
  reposted_post?: RawPost;
  quoted?: RawPost;
  media?: { photo?: unknown[]; video?: unknown[] };
}
interface Hit {
  kind: string;
  postId: string | null;
  author: string | null;
  createdAt: string;
  media: boolean;
  snippet: { text: string; hit: boolean }[];
  item: unknown;
  from: { purchaseId: string; boughtAt: string; pageKey: string };
}
interface Found {
  credits: string;
  indexing: number;
  total: number | null;
  next: string | null;
  hits: Hit[];
}

async function buyTimeline(harness: ProxyHarness, query: string) {
  const response = await harness.api(`/api/v1/social/microblog/posts?${query}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data: { timeline: RawPost[]; next_cursor: string } };
  return {
    posts: body.data.timeline,
    next: body.data.next_cursor,
    purchaseId: response.headers.get(HEADER.callId)!,
  };
}

async function findNow(harness: ProxyHarness, query: string): Promise<Found> {
  const response = await harness.api(`/api/_archive/search?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Found;
}

/** A find once every page bought so far is indexed (a find answers at once, with what is, and how many are not yet). */
const find = (harness: ProxyHarness, query: string) =>
  waitFor(
    () => findNow(harness, query),
    (found) => !found.indexing,
    15_000,
  );

/** Everything a find returns, page after page. */
async function findAll(harness: ProxyHarness, query: string): Promise<Hit[]> {
  const hits: Hit[] = [];
  let page = await find(harness, query);
  hits.push(...page.hits);
  while (page.next) {
    page = await find(harness, `${query}&before=${page.next}`);
    hits.push(...page.hits);
  }
  return hits;
}

const shown = (post: RawPost) => post.reposted_post ?? post;
const hasWord = (text: string | undefined, word: string) => new RegExp(`\\b${word}`, 'i').test(text ?? '');

describe.each(STORE_KINDS)('free search over the archive (%s store)', (store: StoreKind) => {
  async function proxy() {
    const harness = await startProxyAgainstStandin({}, { store });
    open.push(harness);
    return harness;
  }

  it('finds a word in two bought timeline pages and a search, says where each came from, and never calls the upstream', async () => {
    const harness = await proxy();
    const first = await buyTimeline(harness, 'screen_name=ada__find');
    const second = await buyTimeline(harness, `screen_name=ada__find&cursor=${encodeURIComponent(first.next)}`);
    const searched = await harness.api('/api/v1/search', {
      method: 'POST',
      body: JSON.stringify({ q: 'lantern harbour' }),
    });
    expect(searched.status).toBe(200);
    const bought = [...first.posts, ...second.posts];
    const calls = (await harness.upstreamLog()).length;

    const expected = bought.filter(
      (post) => hasWord(shown(post).text, 'lantern') || hasWord(post.quoted?.text, 'lantern'),
    );
    expect(expected.length).toBeGreaterThan(0);
    const posts = await findAll(harness, 'q=lantern&kind=post');
    const all = await findAll(harness, 'q=Lantern');
    const timelineHits = all.filter((hit) => hit.kind !== 'result');
    expect(new Set(timelineHits.map((hit) => hit.postId))).toEqual(new Set(expected.map((post) => post.post_id)));
    expect(posts.every((hit) => hit.kind === 'post')).toBe(true);
    // The search bought is indexed too: every result title names its query.
    const results = all.filter((hit) => hit.kind === 'result');
    expect(results).toHaveLength(10);
    expect(results[0]!.from.pageKey).toMatch(/^search /);
    const firstPage = await find(harness, 'q=lantern');
    expect(firstPage).toMatchObject({ credits: '0', total: all.length, moreThanTotal: false });
    // The count stops at its bound (1,000 in the app) and says there are more; exact at the bound itself.
    const db = await openRaw(harness);
    try {
      expect(await findPosts(db, { q: 'lantern' }, null, 20, 2)).toMatchObject({ total: 2, moreThanTotal: true });
      expect(await findPosts(db, { q: 'lantern' }, null, 20, all.length)).toMatchObject({
        total: all.length,
        moreThanTotal: false,
      });
      // PostgreSQL picks a page three ways: from the count's own read when few match, else from a walk of the
      // newest rows, and from the index below them when the walk comes back short. Each gives the same pages.
      const pages = async (filters: FindFilters, countUpTo: number, walkRows: number) => {
        const ids: number[][] = [];
        let below: number | null = null;
        do {
          const page: FoundPage = await findPosts(db, filters, below, 1, countUpTo, walkRows);
          ids.push(page.rows.map((row) => row.id));
          below = page.next;
        } while (below !== null);
        return ids;
      };
      for (const filters of [
        { q: 'lantern' },
        { q: 'lantern', kind: 'post' as const },
        { q: 'lantern', author: 'ada' },
        { q: '', author: 'ada', to: new Date(first.posts[5]!.created_at).toISOString().slice(0, 10) },
      ]) {
        const fromCount = await pages(filters, 1000, 500);
        expect(fromCount.flat().length, JSON.stringify(filters)).toBeGreaterThan(1);
        expect(await pages(filters, 2, 500), JSON.stringify(filters)).toEqual(fromCount);
        expect(await pages(filters, 2, 3), JSON.stringify(filters)).toEqual(fromCount);
      }
      const byAda = await findPosts(db, { q: '', author: 'ada' }, null, 5, 3);
      expect(byAda).toMatchObject({ total: 3, moreThanTotal: true });
      expect(byAda.rows.map((row) => row.id)).toEqual([...byAda.rows.map((row) => row.id)].sort((a, b) => b - a));
    } finally {
      await db.close();
    }
    expect(firstPage.hits.some((hit) => hit.snippet.some((run) => run.hit && /^lantern/i.test(run.text)))).toBe(true);
    // PostgreSQL reads the total and the page in one statement: it must still say 0 when nothing matches.
    expect(await find(harness, 'q=nothingmatchesthis')).toMatchObject({ total: 0, next: null, hits: [] });
    const fromFirst = timelineHits.find((hit) => first.posts.some((post) => post.post_id === hit.postId))!;
    expect(fromFirst.from.purchaseId).toBe(first.purchaseId);
    expect(fromFirst.item).toMatchObject({ post_id: fromFirst.postId });
    // Newest first, and no hit twice across pages of the answer.
    expect(all.map((hit) => hit.createdAt)).toEqual([...all.map((hit) => hit.createdAt)].sort().reverse());

    const media = await findAll(harness, 'media=1&author=ada');
    expect(media.map((hit) => hit.postId).sort()).toEqual(
      bought
        .filter((post) => (shown(post).media?.photo?.length ?? 0) + (shown(post).media?.video?.length ?? 0) > 0)
        .map((post) => post.post_id)
        .sort(),
    );
    const reposts = await findAll(harness, 'kind=repost');
    expect(reposts.map((hit) => hit.postId).sort()).toEqual(
      bought
        .filter((post) => post.reposted_post)
        .map((post) => post.post_id)
        .sort(),
    );
    const day = bought[3]!.created_at;
    const iso = new Date(day).toISOString().slice(0, 10);
    const onDay = await findAll(harness, `author=ada&from=${iso}&to=${iso}`);
    expect(onDay.length).toBeGreaterThan(0);
    expect(onDay.every((hit) => hit.createdAt.startsWith(iso))).toBe(true);

    const stats = (await (await harness.api('/api/_archive/stats?handle=@Ada')).json()) as {
      credits: string;
      totals: { posts: number; reposts: number; withMedia: number };
      perDay: { day: string; count: number }[];
      hashtags: { value: string; count: number }[];
      mentions: { value: string }[];
      domains: { value: string }[];
      mediaShare: number;
    };
    expect(stats.credits).toBe('0');
    expect(stats.totals.posts).toBe(new Set(bought.map((post) => post.post_id)).size);
    expect(stats.totals.reposts).toBe(reposts.length);
    expect(stats.totals.withMedia).toBe(media.length);
    expect(stats.perDay.reduce((sum, entry) => sum + entry.count, 0)).toBe(stats.totals.posts);
    const tags = bought.flatMap((post) => [...shown(post).text.matchAll(/#(\w+)/g)].map((match) => match[1]!));
    expect(stats.hashtags.reduce((sum, tag) => sum + tag.count, 0)).toBe(tags.length);
    expect(stats.mentions.map((mention) => mention.value)).toContain('grace');
    expect(stats.domains.map((domain) => domain.value)).toContain('example.org');
    expect(stats.mediaShare).toBeCloseTo(media.length / stats.totals.posts);

    expect((await harness.upstreamLog()).length).toBe(calls);
  });

  it('indexes a page bought again in place of the old purchase, so its posts are found once', async () => {
    const harness = await proxy();
    const page = await buyTimeline(harness, 'screen_name=grace__rebuy');
    const before = await findAll(harness, 'author=grace');
    expect(before).toHaveLength(page.posts.length);
    const again = await harness.api('/api/v1/social/microblog/posts?screen_name=grace__rebuy', {
      headers: { [HEADER.refresh]: '1' },
    });
    expect(again.status).toBe(200);
    const newPurchase = again.headers.get(HEADER.callId);
    expect(newPurchase).not.toBe(page.purchaseId);
    const after = await findAll(harness, 'author=grace');
    expect(after).toHaveLength(page.posts.length);
    expect(new Set(after.map((hit) => hit.from.purchaseId))).toEqual(new Set([newPurchase]));
    const db = await openRaw(harness);
    try {
      expect(await db.kysely.selectFrom('archive').select('page_key').execute()).toHaveLength(1);
    } finally {
      await db.close();
    }
  });

  it('indexes posts whose text holds a NUL and other odd bytes, and finds them', async () => {
    const harness = await proxy();
    const bought = await buyTimeline(harness, 'screen_name=ada__odd_text');
    const hits = await findAll(harness, 'q=nonchar');
    // A repost's card shows the original, whose text the stand-in leaves alone: every other post is found.
    const odd = bought.posts.filter((post) => !post.reposted_post);
    expect(odd.length).toBeGreaterThan(10);
    expect(new Set(hits.map((hit) => hit.postId))).toEqual(new Set(odd.map((post) => post.post_id)));
    expect(hits.every((hit) => !hit.snippet.some((part) => part.text.includes('\u0000')))).toBe(true);
  });

  it("draws each card from the index's own row, and a row indexed before rows kept one from its archived page", async () => {
    const harness = await proxy();
    const page = await buyTimeline(harness, 'screen_name=grace__cards');
    const cards = async () =>
      new Map((await findAll(harness, 'author=grace')).map((hit) => [hit.postId, hit.item] as const));
    const legacy = page.posts[0]!;
    const db = await openRaw(harness);
    try {
      await waitFor(cards, (found) => found.size === page.posts.length, 15_000);
      // As a row indexed before 2026-11-27 is: no item of its own.
      await withSearchTables(db.kysely)
        .deleteFrom('archive_post_items')
        .where('id', 'in', (eb) => eb.selectFrom('archive_posts').select('id').where('post_id', '=', legacy.post_id))
        .execute();
      expect((await cards()).get(legacy.post_id)).toEqual(legacy);
      // The archived page unreadable: only the row without an item loses its card.
      await db.kysely.updateTable('archive').set({ body: '{}' }).execute();
      const found = await cards();
      expect(found.get(legacy.post_id)).toBeNull();
      for (const post of page.posts.slice(1)) expect(found.get(post.post_id)).toEqual(post);
    } finally {
      await db.close();
    }
  });

  it('names every bad field with a 400', async () => {
    const harness = await proxy();
    const response = await harness.api('/api/_archive/search?from=2026-02-30&kind=thread&media=yes&before=nonsense');
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { message: string } };
    for (const field of ['from', 'kind', 'media', 'before']) expect(error.message).toContain(field);
    const order = await harness.api('/api/_archive/search?from=2026-02-03&to=2026-02-01');
    expect(((await order.json()) as { error: { message: string } }).error.message).toContain(
      'to must be no earlier than from',
    );
    expect((await harness.api('/api/_archive/stats?handle=not%20a%20handle')).status).toBe(400);
    expect((await harness.api('/api/_archive/stats')).status).toBe(400);
    expect((await harness.api('/api/_archive/search', { method: 'POST', body: '{}' })).status).toBe(405);
    // The same guard as every /api route: no client header, no answer.
    expect((await fetch(`${harness.origin}/api/_archive/search?q=x`)).status).toBe(403);
  });
});

describe('a find while the indexer is behind (SQLite store)', () => {
  /** Pages another process archived: this one's indexer hears of them only from a catch-up, which a find starts. */
  function archiveElsewhere(database: Sqlite.Database, pages: number) {
    const grace = USERS.find((user) => user.handle === 'grace')!;
    const insert = database.prepare(
      'insert into archive (page_key, operation, params, subject, body, bought_at, purchase_id, credits) values (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    for (let page = 0; page < pages; page += 1) {
      const timeline = Array.from({ length: 20 }, (_, index) =>
        generatePost(grace, page * 20 + index, { mediaBase: 'https://media.example.org', now: new Date() }),
      );
      insert.run(
        `timeline elsewhere ${page}`,
        'timeline',
        JSON.stringify({ screen_name: 'grace', page }),
        'grace',
        JSON.stringify({ success: true, data: { timeline } }),
        new Date().toISOString(),
        `elsewhere-${page}`,
        '0.1',
      );
    }
  }

  it('answers at once from what is indexed, and says how many bought pages are still being indexed', async () => {
    const harness = await startProxyAgainstStandin();
    open.push(harness);
    await buyTimeline(harness, 'screen_name=ada__indexed');
    const indexed = await find(harness, 'author=ada');
    expect(indexed.hits.length).toBeGreaterThan(0);

    const database = new Sqlite(path.join(harness.dataDir, 'creditscope.db'));
    try {
      database.pragma('busy_timeout = 10000');
      archiveElsewhere(database, 3);
      // The store's write lock held elsewhere: the catch-up this find starts cannot write a page until it is let go.
      database.exec('begin immediate');
      const answered = await Promise.race([
        findNow(harness, 'author=grace'),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 8_000)),
      ]);
      expect(answered, 'a find waited for the indexer').not.toBeNull();
      expect(answered!.indexing).toBe(3);
      expect(answered!.hits.filter((hit) => hit.from.pageKey.startsWith('timeline elsewhere'))).toEqual([]);
    } finally {
      if (database.inTransaction) database.exec('rollback');
      database.close();
    }
    // Let go: the same find, once the indexer has caught up, has them.
    const caughtUp = await find(harness, 'author=grace');
    expect(caughtUp.hits.some((hit) => hit.from.pageKey.startsWith('timeline elsewhere'))).toBe(true);
  }, 40_000);
});
