/**
 * `npm run bench`: the five figures of issue 6, each beside a baseline taken in the same run,
 * printed as a table and written to bench/results.json. Needs no network: stand-in + headless Chromium.
 */
import type { Page } from '@playwright/test';
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { initialJs, launch, longScroll, timeToFirstPost } from './browser.ts';
import { archiveSearchFigures } from './archive-search.ts';
import { routeBreakdown } from './js-routes.ts';
import { jobVsDirect } from './jobs.ts';
import { memoryFigures } from './memory.ts';
import { paidCallsPerDistinctPage } from './paid-calls.ts';
import { oneForeignVisit } from './speculation-visit.ts';
import { proxyOverhead, tenConcurrentPages, type LoadFigures } from './proxy-overhead.ts';
import { emptyDist, proxyCpuPerCall, startCpuStandin, type CpuFigures } from './proxy-cpu.ts';
import { BENCH, median, startApp, startDevApp } from './servers.ts';
import { createTestDatabase, startThrowawayPostgres } from '../server/testing/postgres.ts';
import { ssrTimeFigures } from './ssr-time.ts';
import { storeFigures } from './store.ts';
import { writeStaticTimeline } from './static-page.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const KB = 1024;
const rows: { figure: string; value: string; baseline: string; ratio: string; target: string; ok: boolean }[] = [];
const results: Record<string, unknown> = { runs: RUNS, at: new Date().toISOString() };

function add(
  figure: string,
  value: number,
  unit: string,
  baseline: number,
  baselineLabel: string,
  target: string,
  ok: boolean,
) {
  // A count reads as a count (5, not 5.000); a baseline of none (no room left under a budget) has no ratio.
  const digits =
    unit === 'KB' || unit === 'MB' ? 1 : unit === '' ? (Number.isInteger(value) ? 0 : 3) : unit === 'ms/call' ? 2 : 0;
  rows.push({
    figure,
    value: `${value.toFixed(digits)}${unit ? ` ${unit}` : ''}`,
    baseline: baselineLabel,
    ratio: baseline > 0 ? (value / baseline).toFixed(2) : '—',
    target,
    ok,
  });
}

/** The 50-connection figures of one store (#36.4): median ≤ 1.2× and throughput ≥ 0.8× the same load direct. */
function addFiftyConnections(store: string, load: { direct: LoadFigures; proxied: LoadFigures }) {
  const { direct, proxied } = load;
  add(
    `50 connections, store on ${store}: median latency`,
    proxied.medianMs,
    'ms',
    direct.medianMs || 1,
    `direct ${direct.medianMs} ms`,
    'ratio ≤ 1.2',
    proxied.medianMs / (direct.medianMs || 1) <= 1.2,
  );
  add(
    `50 connections, store on ${store}: paid calls/s`,
    proxied.requestsPerSecond,
    'req/s',
    direct.requestsPerSecond,
    `direct ${direct.requestsPerSecond.toFixed(0)} req/s`,
    'ratio ≥ 0.8',
    proxied.requestsPerSecond / (direct.requestsPerSecond || 1) >= 0.8,
  );
}

// The build `npm start` serves: the browser's files and the server's copy of the app it renders pages with.
execSync(
  `npx vite build --outDir ${BENCH.dist} && npx vite build --ssr src/entry-server.tsx --outDir ${BENCH.dist}/server`,
  { stdio: 'ignore' },
);
let staticPath = '';
const app = await startApp({
  beforeStart: async (standinOrigin) => {
    staticPath = await writeStaticTimeline(standinOrigin, 'grace__static');
  },
});
const browser = await launch();
const logCount = async (match: string) =>
  ((await (await fetch(`${app.standinOrigin}/_control/log?match=${encodeURIComponent(match)}`)).json()) as unknown[])
    .length;

try {
  // 1. Initial JS per route, against the issue's budget of 125 KB gzipped.
  const routes: [string, string, (page: Page) => Promise<unknown>][] = [
    // The home page loads the shell and little else: its figure is the shell's, which every route pays.
    ['home', '/', (page) => page.waitForLoadState('networkidle')],
    ['timeline', '/timeline?screen_name=grace__js', (page) => page.locator('article').first().waitFor()],
    ['search', '/search?q=bench', (page) => page.waitForLoadState('networkidle')],
    ['credits', '/credits', (page) => page.waitForLoadState('networkidle')],
  ];
  for (const [route, url, ready] of routes) {
    const bytes = await initialJs(browser, `${app.origin}${url}`, ready);
    results[`initialJs_${route}`] = bytes;
    add(`initial JS, ${route} (gzip)`, bytes / KB, 'KB', 125, 'budget 125 KB', '≤ 1.00 of budget', bytes / KB <= 125);
  }
  // What /timeline and /search load beyond the shell (what `/` loads too): the part their own code decides.
  for (const { route, totalKb, shellKb, ownKb } of (await routeBreakdown(browser, app.origin, BENCH.dist)).figures) {
    results[`ownJs_${route}`] = ownKb * KB;
    const room = 125 - shellKb;
    add(
      `JS only ${route} loads (gzip)`,
      ownKb,
      'KB',
      Math.max(room, 0),
      room > 0
        ? `125 KB less what / loads too, ${shellKb.toFixed(1)}`
        : `none: what / loads too is ${shellKb.toFixed(1)} KB already`,
      '≤ 1.00',
      totalKb <= 125,
    );
  }

  // 2. A rendered page at static speed (issue 36.2): the server's own time, split in parts (bench/ssr-time.ts).
  const ssr = await ssrTimeFigures(app.origin, app.standinOrigin, staticPath);
  results.ssrTime = ssr;
  add(
    `rendered page, archived: first post's bytes (server: ${Object.entries(ssr.archivedParts)
      .map(([part, ms]) => `${part} ${ms.toFixed(1)}`)
      .join(', ')})`,
    ssr.firstPost.archived,
    'ms',
    ssr.firstPost.static,
    `static ${ssr.firstPost.static.toFixed(1)} ms; HTML starts ${ssr.archivedMs.toFixed(1)} ms`,
    'HTML starts ≤ 30 ms',
    ssr.archivedMs <= 30,
  );
  add(
    `rendered page, bought: first post's bytes (server: ${Object.entries(ssr.boughtParts)
      .map(([part, ms]) => `${part} ${ms.toFixed(1)}`)
      .join(', ')})`,
    ssr.firstPost.bought,
    'ms',
    ssr.upstreamMs,
    `upstream ${ssr.upstreamMs.toFixed(1)} ms; HTML starts ${ssr.boughtMs.toFixed(1)} ms`,
    'HTML starts ≤ upstream + 30 ms',
    ssr.boughtMs <= ssr.upstreamMs + 30,
  );
  add(
    'rendered timeline HTML, first screen (3 posts), uncompressed',
    ssr.firstScreenBytes / KB,
    'KB',
    80,
    'budget 80 KB',
    '≤ 80 KB',
    ssr.firstScreenBytes <= 80 * KB,
  );

  // 2b. Time to first post: the app cold vs the same 20 posts pre-rendered, same server, interleaved runs; a
  // page the server buys (against static plus the upstream's own time) and one from its archive.
  const appTimes: number[] = [];
  const archivedTimes: number[] = [];
  const staticTimes: number[] = [];
  let paintedBeforeEntry = 0;
  const archivedPage = `${app.origin}/timeline?screen_name=grace__ttfparchived`;
  await timeToFirstPost(browser, archivedPage);
  for (let run = 0; run < RUNS; run++) {
    staticTimes.push((await timeToFirstPost(browser, `${app.origin}${staticPath}`)).paintedMs);
    const first = await timeToFirstPost(browser, `${app.origin}/timeline?screen_name=grace__ttfp${run}`);
    appTimes.push(first.paintedMs);
    if (first.entryLoadedMs !== null && first.paintedMs < first.entryLoadedMs) paintedBeforeEntry++;
    archivedTimes.push((await timeToFirstPost(browser, archivedPage)).paintedMs);
  }
  const ttfp = median(appTimes);
  const ttfpBase = median(staticTimes) + ssr.upstreamMs;
  const ttfpArchived = median(archivedTimes);
  results.timeToFirstPost = { appMs: appTimes, archivedMs: archivedTimes, staticMs: staticTimes };
  add(
    'time to first post, a page the server buys (median ms)',
    ttfp,
    'ms',
    ttfpBase,
    `static HTML + upstream ${ttfpBase.toFixed(0)} ms`,
    'ratio ≤ 2.0',
    ttfp / ttfpBase <= 2,
  );
  add(
    'time to first post, a page from the archive (median ms)',
    ttfpArchived,
    'ms',
    median(staticTimes),
    `static HTML ${median(staticTimes).toFixed(0)} ms`,
    'ratio ≤ 2.0',
    ttfpArchived / median(staticTimes) <= 2,
  );
  results.firstPostBeforeEntryScript = { loads: RUNS, paintedBefore: paintedBeforeEntry };
  add(
    'cold loads whose first post painted before the entry script finished loading',
    paintedBeforeEntry,
    '',
    RUNS,
    `of ${RUNS} loads`,
    'all',
    paintedBeforeEntry === RUNS,
  );

  // 3. Long scroll through 1,000 posts.
  const scrollHandle = `archive__scroll${Date.now().toString(36)}`;
  const scroll = await longScroll(
    browser,
    `${app.origin}/timeline?screen_name=${scrollHandle}`,
    1000,
    async () => (await logCount(scrollHandle)) * 20,
  );
  results.longScroll = scroll;
  add(
    `most <article>s mounted (${scroll.posts} posts loaded)`,
    scroll.maxArticles,
    '',
    60,
    'target 60',
    '≤ 60',
    scroll.maxArticles <= 60,
  );
  add(
    `long tasks > 50 ms while scrolling (${scroll.startLongTaskMs.length} more before the first wheel, the page starting)`,
    scroll.longTasks,
    '',
    1,
    'target 0',
    '0',
    scroll.longTasks === 0,
  );
  add('JS heap after the scroll', scroll.heapMb, 'MB', 60, 'target 60 MB', '≤ 60 MB', scroll.heapMb <= 60);
  add('cumulative layout shift', scroll.layoutShift, '', 0.1, 'target 0.1', '< 0.1', scroll.layoutShift < 0.1);

  // 4. Paid calls per distinct page in a session that tempts every re-buy, in production and under the dev server.
  const paid = await paidCallsPerDistinctPage(browser, app.origin, app.standinOrigin);
  results.paidCalls = paid;
  add(
    `paid calls per distinct page, npm start (${paid.calls}/${paid.distinct})`,
    paid.ratio,
    '',
    1,
    'exactly 1.00',
    '= 1.00',
    paid.ratio === 1,
  );
  // 4b. One visit to another site listing the app's addresses in speculation rules: nothing may be bought.
  const visit = await oneForeignVisit(browser, app.origin, app.standinOrigin);
  results.speculationVisit = visit;
  add(
    `upstream calls from one visit to a page with speculation rules, npm start (${visit.answered} of ${visit.listed} loaded, ${visit.credits} credits)`,
    visit.calls,
    '',
    0,
    'target 0',
    '0',
    visit.calls === 0,
  );
  const dev = await startDevApp(app.standinOrigin);
  try {
    const paidDev = await paidCallsPerDistinctPage(browser, dev.origin, app.standinOrigin);
    results.paidCallsDev = paidDev;
    add(
      `paid calls per distinct page, npm run dev (${paidDev.calls}/${paidDev.distinct})`,
      paidDev.ratio,
      '',
      1,
      'exactly 1.00',
      '= 1.00',
      paidDev.ratio === 1,
    );
    const visitDev = await oneForeignVisit(browser, dev.origin, app.standinOrigin);
    results.speculationVisitDev = visitDev;
    add(
      `upstream calls from one visit to a page with speculation rules, npm run dev (${visitDev.answered} of ${visitDev.listed} loaded, ${visitDev.credits} credits)`,
      visitDev.calls,
      '',
      0,
      'target 0',
      '0',
      visitDev.calls === 0,
    );
  } finally {
    dev.stop();
  }

  // 5. Ten pages at once through the proxy with a budget set, against the same ten direct.
  const ten = await tenConcurrentPages(app.origin, app.standinOrigin, BENCH.token);
  results.tenConcurrentPages = ten;
  const tenRatio = median(ten.proxied) / median(ten.direct);
  add(
    '10 concurrent pages (upstream 300 ms) through the proxy, budget set',
    median(ten.proxied),
    'ms',
    median(ten.direct),
    `direct ${median(ten.direct).toFixed(0)} ms`,
    'ratio ≤ 1.05',
    tenRatio <= 1.05,
  );

  // 5b. A 50-page collection job against the same 50 calls made straight to the proxy at the same concurrency.
  const jobs = await jobVsDirect(app.origin, app.standinOrigin, RUNS);
  results.collectionJob = jobs;
  add(
    '50-page collection job vs the same calls direct (2 at a time)',
    median(jobs.job),
    'ms',
    median(jobs.direct),
    `direct ${median(jobs.direct).toFixed(0)} ms`,
    'ratio ≤ 1.2',
    jobs.ratio <= 1.2,
  );

  // 6. Proxy overhead under 50 concurrent connections (#36.4: median ≤ 1.2×, throughput ≥ 0.8× direct, each store).
  const load = await proxyOverhead(app.origin, app.standinOrigin, BENCH.token);
  results.proxyOverhead = load;
  addFiftyConnections('SQLite', load);
  add(
    'proxy p99 latency',
    load.proxied.p99Ms,
    'ms',
    load.direct.p99Ms || 1,
    `direct ${load.direct.p99Ms} ms`,
    'ratio',
    true,
  );
  const errors = load.proxied.errors + load.proxied.non2xx;
  add(
    `proxy requests/s (${errors} errors)`,
    load.proxied.requestsPerSecond,
    'req/s',
    load.direct.requestsPerSecond,
    `direct ${load.direct.requestsPerSecond.toFixed(0)} req/s`,
    '0 errors',
    errors === 0,
  );

  // 6b. The server's CPU per paid call (all its threads: parse, redact, journal, archive, index, commit), with a
  // profile summary in bench/profiles/; the stand-in's CPU for the same page served direct is the baseline.
  const cpuStandin = await startCpuStandin(BENCH.cpuStandin);
  const cpuDist = emptyDist();
  const cpuFigure = async (store: 'sqlite' | 'postgres', databaseUrl: string | null) => {
    const cpu: CpuFigures = await proxyCpuPerCall({
      store,
      databaseUrl,
      standin: cpuStandin,
      port: BENCH.cpuApp,
      dist: cpuDist,
      profile: true,
    });
    results[`cpuPerPaidCall_${store}`] = { ...cpu, profile: undefined };
    fs.writeFileSync(`bench/profiles/proxy-cpu-${store}.md`, cpu.profile ?? '');
    add(
      `server CPU per paid call, ${store} (${cpu.failed} failed; profile: bench/profiles/proxy-cpu-${store}.md)`,
      cpu.serverMsPerCall,
      'ms/call',
      cpu.standinMsPerCall,
      `stand-in ${cpu.standinMsPerCall.toFixed(2)} ms`,
      '≤ 1 ms',
      cpu.serverMsPerCall <= 1 && cpu.failed === 0,
    );
  };

  // 7. The store: /api/_session and start-up with a 200,000-row ledger, on SQLite and on PostgreSQL.
  const postgres = await startThrowawayPostgres();
  try {
    // The proxy with its store on PostgreSQL, against the same direct baseline, in the same way.
    const postgresApp = await startApp({
      databaseUrl: (await createTestDatabase(postgres.url)).url,
      port: BENCH.postgresApp,
      standinRunning: true,
    });
    try {
      const pgLoad = await proxyOverhead(postgresApp.origin, postgresApp.standinOrigin, BENCH.token);
      results.proxyOverheadPostgres = pgLoad;
      addFiftyConnections('PostgreSQL', pgLoad);
    } finally {
      postgresApp.stop();
    }
    await cpuFigure('sqlite', null);
    await cpuFigure('postgres', (await createTestDatabase(postgres.url)).url);
    const [smallDb, largeDb] = [await createTestDatabase(postgres.url), await createTestDatabase(postgres.url)];
    for (const [kind, databases] of [
      ['sqlite', { small: null, large: null }],
      ['postgres', { small: smallDb.url, large: largeDb.url }],
    ] as const) {
      const store = await storeFigures(kind, databases);
      results[`store_${kind}`] = store;
      const ratio = store.sessionLargeMs / store.sessionSmallMs;
      add(
        `/api/_session, ${store.rows.toLocaleString('en')} rows vs ${store.smallRows} (each answer one page of rows; ${kind})`,
        store.sessionLargeMs,
        'ms',
        store.sessionSmallMs,
        `${store.smallRows} rows ${store.sessionSmallMs.toFixed(1)} ms`,
        'ratio ≤ 2.0',
        ratio <= 2,
      );
      add(
        `store start-up with ${store.rows.toLocaleString('en')} rows (${kind})`,
        store.startupLargeMs,
        'ms',
        1000,
        'target 1000 ms',
        '< 1 s',
        store.startupLargeMs < 1000,
      );
    }
    // 8. Free find in 100,000 archived posts (issue 36.5: median ≤ 25 ms), on each store.
    for (const [kind, label, url] of [
      ['sqlite', 'SQLite', null],
      ['postgres', 'PostgreSQL', (await createTestDatabase(postgres.url)).url],
    ] as const) {
      const find = await archiveSearchFigures(kind, url);
      results[`find_${kind}`] = find;
      add(
        `find in 100,000 archived posts, median (${label})`,
        find.medianMs,
        'ms',
        25,
        'target 25 ms',
        '≤ 25 ms',
        find.medianMs <= 25,
      );
    }
  } finally {
    await postgres.stop();
    await cpuStandin.stop();
    fs.rmSync(cpuDist, { recursive: true, force: true });
  }

  // 9. Flat memory (issue 36.6): the server's RSS from 5,000 to 10,000 paid calls for distinct pages, 16 at a time.
  const memory = await memoryFigures();
  results.memory = memory;
  add(
    `server RSS after 10,000 paid calls (${memory.failed} failed; heap ${memory.full.heapUsedMb.toFixed(0)} MB, external ${memory.full.externalMb.toFixed(0)} MB; ${memory.settled.rssMb.toFixed(0)} MB 10 s later)`,
    memory.full.rssMb,
    'MB',
    memory.half.rssMb,
    `at 5,000: ${memory.half.rssMb.toFixed(0)} MB`,
    'ratio ≤ 1.10',
    memory.growth <= 1.1 && memory.failed === 0,
  );
} finally {
  await browser.close();
  app.stop();
}

console.table(
  rows.map((row) => ({
    figure: row.figure,
    value: row.value,
    baseline: row.baseline,
    ratio: row.ratio,
    target: row.target,
    met: row.ok ? 'yes' : 'NO',
  })),
);
fs.writeFileSync('bench/results.json', `${JSON.stringify({ ...results, table: rows }, null, 2)}\n`);
console.log('written bench/results.json');
