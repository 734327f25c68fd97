/**
 * Free search over 100,000 archived posts (issue 36.5: median ≤ 25 ms on each store). Seeds 5,000 archived timeline pages of
 * the stand-in's own posts straight into a store, indexes them as the server does, then times the route's work
 * (catch-up, match, page of 20 with snippets, total, cards) over a mix of finds. `tsx bench/archive-search.ts`
 * runs it alone on SQLite and PostgreSQL; bench/run.ts adds its rows to the table.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { archivedItems } from '../server/archive-search/cards.ts';
import { PostIndexer } from '../server/archive-search/indexer.ts';
import { findPosts, type FindFilters } from '../server/archive-search/query.ts';
import { handleStats } from '../server/archive-search/stats.ts';
import { generatePost } from '../server/standin/posts.ts';
import { USERS } from '../server/standin/users.ts';
import { openDb, type Db } from '../server/store/open.ts';
import { createTestDatabase, startThrowawayPostgres } from '../server/testing/postgres.ts';
import { median } from './servers.ts';

const PAGE = 20;
const FINDS: FindFilters[] = [
  { q: 'lantern' },
  { q: 'river garden' },
  { q: 'orbit', author: 'grace' },
  { q: 'memory', media: true },
  { q: 'reposted', kind: 'repost' },
  { q: 'compilers' },
  { q: 'theorem', from: '2026-01-01' },
  { q: 'harb' },
  { q: '', author: 'ada' },
  { q: 'nothingmatchesthis' },
];

export async function seed(db: Db, posts: number) {
  const users = USERS.filter((user) => user.status === 'active' && !user.protected).map((user) => ({
    ...user,
    postCount: posts,
  }));
  const context = { mediaBase: 'https://media.example.org', now: new Date() };
  for (let page = 0; page * PAGE < posts; page += 1) {
    const user = users[page % users.length]!;
    const timeline = Array.from({ length: PAGE }, (_, index) => generatePost(user, page * PAGE + index, context));
    const key = `timeline bench ${user.handle} ${page}`;
    await db.kysely
      .insertInto('archive')
      .values({
        page_key: key,
        operation: 'timeline',
        params: JSON.stringify({ screen_name: user.handle, page }),
        subject: user.handle,
        body: JSON.stringify({ success: true, data: { timeline } }),
        bought_at: new Date().toISOString(),
        purchase_id: `bench-${page}`,
        credits: '0.1',
      })
      .execute();
  }
}

export async function archiveSearchFigures(
  kind: 'sqlite' | 'postgres',
  databaseUrl: string | null,
  posts = 100_000,
  rounds = 10,
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `creditscope-bench-find-${kind}-`));
  const db = await openDb({ dataDir, databaseUrl });
  try {
    await seed(db, posts);
    const indexer = new PostIndexer(db);
    const indexing = performance.now();
    const pages = await indexer.catchUp();
    const indexMs = performance.now() - indexing;
    const times: number[] = [];
    const slowest: Record<string, number> = {};
    for (let round = 0; round < rounds; round += 1) {
      for (const filters of FINDS) {
        const started = performance.now();
        await indexer.catchUp();
        const found = await findPosts(db, filters, null, PAGE);
        await archivedItems(db, found.rows);
        const elapsed = performance.now() - started;
        times.push(elapsed);
        const label = JSON.stringify(filters);
        slowest[label] = Math.max(slowest[label] ?? 0, elapsed);
      }
    }
    const statsStarted = performance.now();
    const stats = await handleStats(db, 'ada');
    const statsMs = performance.now() - statsStarted;
    return {
      posts,
      pages,
      indexMs,
      medianMs: median(times),
      p90Ms: [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.9)]!,
      slowest,
      statsMs,
      statsPosts: stats.totals.posts,
    };
  } finally {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log('sqlite', await archiveSearchFigures('sqlite', null));
  if (process.env.BENCH_FIND_POSTGRES !== '0') {
    const postgres = await startThrowawayPostgres();
    try {
      console.log('postgres', await archiveSearchFigures('postgres', (await createTestDatabase(postgres.url)).url));
    } finally {
      await postgres.stop();
    }
  }
}
