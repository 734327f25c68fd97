/**
 * A 50-page collection job (10 handles × 5 pages, 2 calls at a time) against the same 50 calls made
 * straight to the proxy by two workers following the same cursors: what running a job costs over
 * the calls themselves. The stand-in answers in 100 ms, as a real upstream takes a while.
 *
 *   npx tsx bench/jobs.ts   (alone: starts the app as `npm start` runs it; npm run bench runs it too)
 */
import { pathToFileURL } from 'node:url';
import { BENCH, median, startApp } from './servers.ts';

const HANDLES = 10;
const PAGES = 5;
const CONCURRENCY = 2;
const LATENCY_MS = 100;
const headers = { 'x-creditscope-client': '1', 'content-type': 'application/json' };

const handlesOf = (tag: string) => Array.from({ length: HANDLES }, (_, index) => `ada__${tag}${index}`);

async function direct(origin: string, handles: string[]): Promise<number> {
  const queue = [...handles];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let handle = queue.shift(); handle; handle = queue.shift()) {
        let cursor: string | null = null;
        for (let page = 0; page < PAGES; page += 1) {
          const response: Response = await fetch(
            `${origin}/api/v1/social/microblog/posts?screen_name=${handle}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
            { headers },
          );
          cursor = ((await response.json()) as { data: { next_cursor: string } }).data.next_cursor;
        }
      }
    }),
  );
  return performance.now() - started;
}

async function job(origin: string, handles: string[]): Promise<number> {
  const spec = { handles, timeline: { pages: PAGES }, concurrency: CONCURRENCY };
  const { quote } = (await (
    await fetch(`${origin}/api/_jobs/quote`, { method: 'POST', headers, body: JSON.stringify(spec) })
  ).json()) as { quote: { maxCredits: string } };
  const started = performance.now();
  const created = (await (
    await fetch(`${origin}/api/_jobs`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...spec, acceptedMaxCredits: quote.maxCredits }),
    })
  ).json()) as { job: { id: string } };
  for (;;) {
    const { job: summary } = (await (await fetch(`${origin}/api/_jobs/${created.job.id}`, { headers })).json()) as {
      job: { status: string; pagesDone: number };
    };
    if (summary.status !== 'running') {
      if (summary.status !== 'done' || summary.pagesDone !== HANDLES * PAGES)
        throw new Error(`bench job ended ${summary.status} after ${summary.pagesDone} pages`);
      return performance.now() - started;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Wall times of both, interleaved, on fresh handles each round (nothing served from the archive). */
export async function jobVsDirect(origin: string, standinOrigin: string, rounds = 3) {
  // A real upstream publishes no prices: one page first, so the job can be quoted.
  await fetch(`${origin}/api/v1/social/microblog/posts?screen_name=quiet__jobprice`, { headers });
  const results = { direct: [] as number[], job: [] as number[] };
  for (let round = 0; round < rounds; round += 1) {
    const tag = `jb${round}${Date.now().toString(36)}`;
    await fetch(`${standinOrigin}/_control/faults`, {
      method: 'POST',
      body: JSON.stringify({ match: tag, latencyMs: LATENCY_MS }),
    });
    results.direct.push(await direct(origin, handlesOf(`${tag}d`)));
    results.job.push(await job(origin, handlesOf(`${tag}j`)));
  }
  return { ...results, ratio: median(results.job) / median(results.direct) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const app = await startApp({ port: BENCH.app });
  try {
    const figures = await jobVsDirect(app.origin, app.standinOrigin, Number(process.env.BENCH_RUNS ?? 3));
    console.log(JSON.stringify(figures));
    console.log(
      `50-page job ${median(figures.job).toFixed(0)} ms vs direct ${median(figures.direct).toFixed(0)} ms: ratio ${figures.ratio.toFixed(2)} (target ≤ 1.2)`,
    );
  } finally {
    app.stop();
  }
}
