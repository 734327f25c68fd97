/**
 * Issue 36, part 2: where the server's time for a rendered timeline goes, and how soon its HTML starts.
 * The production server over real HTTP in front of the stand-in, a document request as Chromium sends a
 * typed address, interleaved with the same server's static file (the floor) and the stand-in asked directly
 * (the upstream's own time). The server names its parts in a Server-Timing header (server/http/render.ts):
 * store reads / purchase, meter, render until the first chunk.
 *
 *   npx tsx bench/ssr-time.ts [--runs 15] [--port 6230] [--no-build] [--dist dist-bench-ssr]
 *
 * Also importable: `ssrTimeFigures(origin, standinOrigin, staticPath)` for `npm run bench`.
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import { BENCH, median, startRenderingApp } from './servers.ts';

/** A typed address, as Chromium sends it: the only document request the server may buy a page for. */
const TYPED = {
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
  'sec-fetch-site': 'none',
  'sec-fetch-user': '?1',
};

interface Timed {
  /** Request sent to the response's headers. */
  headersMs: number;
  /** Request sent to the body's first bytes (when the browser can start parsing). */
  firstByteMs: number;
  /** Request sent to the first post's bytes (`<article`): the head comes before the first page is known. */
  articleMs: number;
  totalMs: number;
  bytes: number;
  serverTiming: Record<string, number>;
}

function timedGet(url: string, headers: Record<string, string> = {}): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    http
      .get(url, { headers, agent: false }, (response) => {
        const headersMs = performance.now() - start;
        let firstByteMs = 0;
        let bytes = 0;
        let articleMs = 0;
        let tail = '';
        response.on('data', (chunk: Buffer) => {
          if (!firstByteMs) firstByteMs = performance.now() - start;
          bytes += chunk.length;
          tail = tail.slice(-16) + chunk.toString('latin1');
          if (!articleMs && tail.includes('<article')) articleMs = performance.now() - start;
        });
        response.on('end', () => {
          const serverTiming: Record<string, number> = {};
          for (const part of String(
            response.trailers['server-timing'] ?? response.headers['server-timing'] ?? '',
          ).split(',')) {
            const [name, ...rest] = part.trim().split(';');
            const dur = rest.find((item) => item.startsWith('dur='));
            if (name && dur) serverTiming[name] = Number(dur.slice(4));
          }
          resolve({ headersMs, firstByteMs, articleMs, totalMs: performance.now() - start, bytes, serverTiming });
        });
      })
      .on('error', reject);
  });
}

export interface SsrTimeFigures {
  upstreamMs: number;
  staticMs: number;
  archivedMs: number;
  boughtMs: number;
  /** Median of each Server-Timing part, per kind of page. */
  archivedParts: Record<string, number>;
  boughtParts: Record<string, number>;
  /** A timeline's first screen as HTML (3 posts), uncompressed. */
  firstScreenBytes: number;
  /** Median request to the first post's bytes, per kind of page. */
  firstPost: { static: number; archived: number; bought: number };
}

const medianParts = (samples: Timed[]) => {
  const names = new Set(samples.flatMap((sample) => Object.keys(sample.serverTiming)));
  return Object.fromEntries(
    [...names].map((name) => [name, median(samples.map((sample) => sample.serverTiming[name] ?? 0))]),
  );
};

export async function ssrTimeFigures(
  origin: string,
  standinOrigin: string,
  staticPath: string,
  runs = 15,
): Promise<SsrTimeFigures> {
  const tag = Date.now().toString(36);
  const upstream: Timed[] = [];
  const statics: Timed[] = [];
  const archived: Timed[] = [];
  const bought: Timed[] = [];
  // The archived page: bought once, then read from the archive on every later request.
  const archivedUrl = `${origin}/timeline?screen_name=grace__arch${tag}`;
  await timedGet(archivedUrl, TYPED);
  // Warm-up: the first render of a process compiles the app's code.
  for (let run = 0; run < 3; run++) await timedGet(`${origin}/timeline?screen_name=grace__warm${run}${tag}`, TYPED);
  for (let run = 0; run < runs; run++) {
    upstream.push(
      await timedGet(`${standinOrigin}/v1/social/microblog/posts?screen_name=grace__direct${run}${tag}`, {
        authorization: `Bearer ${BENCH.token}`,
      }),
    );
    statics.push(await timedGet(`${origin}${staticPath}`));
    archived.push(await timedGet(archivedUrl, TYPED));
    bought.push(await timedGet(`${origin}/timeline?screen_name=grace__buy${run}${tag}`, TYPED));
  }
  const six = await timedGet(`${origin}/timeline?screen_name=ada__size${tag}`, TYPED);
  const firstByte = (samples: Timed[]) => median(samples.map((sample) => sample.firstByteMs));
  return {
    upstreamMs: median(upstream.map((sample) => sample.totalMs)),
    staticMs: firstByte(statics),
    archivedMs: firstByte(archived),
    boughtMs: firstByte(bought),
    archivedParts: medianParts(archived),
    boughtParts: medianParts(bought),
    firstScreenBytes: six.bytes,
    firstPost: {
      static: median(statics.map((sample) => sample.articleMs)),
      archived: median(archived.map((sample) => sample.articleMs)),
      bought: median(bought.map((sample) => sample.articleMs)),
    },
  };
}

export function printSsrTime(figures: SsrTimeFigures) {
  const fixed = (ms: number) => ms.toFixed(1);
  const parts = (named: Record<string, number>) =>
    Object.entries(named)
      .map(([name, ms]) => `${name} ${fixed(ms)}`)
      .join(', ') || 'no Server-Timing';
  const archivedOver = figures.archivedMs - figures.staticMs;
  const boughtOver = figures.boughtMs - figures.staticMs - figures.upstreamMs;
  console.log(
    `archived page: HTML starts ${fixed(figures.archivedMs)} ms (static ${fixed(figures.staticMs)} ms, +${fixed(archivedOver)}; goal ≤ 30 ms) ${figures.archivedMs <= 30 ? 'ok' : 'NOT MET'}`,
  );
  console.log(`  server parts (median ms): ${parts(figures.archivedParts)}`);
  console.log(
    `bought page: HTML starts ${fixed(figures.boughtMs)} ms (upstream ${fixed(figures.upstreamMs)} ms + static ${fixed(figures.staticMs)} ms, +${fixed(boughtOver)}; goal ≤ upstream + 30 ms) ${figures.boughtMs <= figures.upstreamMs + 30 ? 'ok' : 'NOT MET'}`,
  );
  console.log(`  server parts (median ms): ${parts(figures.boughtParts)}`);
  const { firstPost } = figures;
  console.log(
    `first post's bytes (median ms): static ${fixed(firstPost.static)}, archived ${fixed(firstPost.archived)} (goal ≤ 30) ${firstPost.archived <= 30 ? 'ok' : 'NOT MET'}, bought ${fixed(firstPost.bought)} (goal ≤ upstream + 30 = ${fixed(figures.upstreamMs + 30)}) ${firstPost.bought <= figures.upstreamMs + 30 ? 'ok' : 'NOT MET'}`,
  );
  console.log(
    `timeline HTML, first screen: ${(figures.firstScreenBytes / 1024).toFixed(1)} KB (goal ≤ 80 KB) ${figures.firstScreenBytes <= 80 * 1024 ? 'ok' : 'NOT MET'}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '15' },
      port: { type: 'string', default: '6230' },
      'no-build': { type: 'boolean', default: false },
      dist: { type: 'string', default: 'dist-bench-ssr' },
    },
  });
  const app = await startRenderingApp({
    port: Number(values.port),
    dist: values.dist,
    build: !values['no-build'],
  });
  try {
    printSsrTime(await ssrTimeFigures(app.origin, app.standinOrigin, app.staticPath, Number(values.runs)));
  } finally {
    app.stop();
  }
}
