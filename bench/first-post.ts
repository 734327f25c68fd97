/**
 * Just the server-rendering figures of `npm run bench` (issue 14, part 4), on ports and a build of their
 * own so it can run beside the other benches: time to first post of a timeline the server renders vs
 * the same posts as static HTML, and paid calls per distinct page with server rendering on.
 *
 *   npx tsx bench/first-post.ts [--runs 7] [--port 4730] [--ssr 0] [--no-build] [--trace 3]
 *
 * --trace N: then N traced cold loads of each page, summarised from Chromium's trace (bench/trace-summary.ts).
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launch, timeToFirstPost } from './browser.ts';
import { paidCallsPerDistinctPage } from './paid-calls.ts';
import { BENCH, median } from './servers.ts';
import { writeStaticTimeline } from './static-page.ts';
import { printProfiles, profileLoad } from './trace-summary.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    port: { type: 'string', default: '4730' },
    'no-build': { type: 'boolean', default: false },
    // `--ssr 0`: the same figures for the SPA (server rendering off), for a same-run comparison.
    ssr: { type: 'string', default: '1' },
    trace: { type: 'string', default: '0' },
  },
});
const runs = Number(values.runs);
const port = Number(values.port);
const dist = 'dist-bench-first-post';
const standinOrigin = `http://127.0.0.1:${port + 1}`;
const origin = `http://127.0.0.1:${port}`;

async function up(url: string) {
  for (let tries = 0; tries < 240; tries++) {
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up`);
}

const start = (args: string[], env: Record<string, string>): ChildProcess =>
  spawn(process.execPath, ['--import', 'tsx', ...args], { env: { ...process.env, ...env }, stdio: 'ignore' });

if (!values['no-build']) {
  execSync(`npx vite build --outDir ${dist} && npx vite build --ssr src/entry-server.tsx --outDir ${dist}/server`, {
    stdio: 'ignore',
  });
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-bench-first-post-'));
const standin = start(['server/standin/main.ts'], { STANDIN_PORT: String(port + 1), STANDIN_TOKEN: BENCH.token });
let app: ChildProcess | null = null;
const browser = await launch();
try {
  await up(`${standinOrigin}/media/ready.svg`);
  const staticPath = await writeStaticTimeline(standinOrigin, 'grace__static', dist);
  app = start(['server/main.ts', '--port', String(port), '--outDir', dist], {
    API_BASE_URL: standinOrigin,
    API_TOKEN: BENCH.token,
    CREDITSCOPE_DATA_DIR: dataDir,
    CREDIT_LIMIT: '1000000',
    SSR: values.ssr,
  });
  await up(`${origin}/healthz`);

  // Interleaved, a page never bought before each time: the server buys it for the typed address and renders it.
  const appMs: number[] = [];
  const staticMs: number[] = [];
  let paintedBeforeEntry = 0;
  for (let run = 0; run < runs; run++) {
    staticMs.push((await timeToFirstPost(browser, `${origin}${staticPath}`)).paintedMs);
    const app = await timeToFirstPost(
      browser,
      `${origin}/timeline?screen_name=grace__ssr${run}${Date.now().toString(36)}`,
    );
    appMs.push(app.paintedMs);
    if (app.entryLoadedMs !== null && app.paintedMs < app.entryLoadedMs) paintedBeforeEntry++;
  }
  const ratio = median(appMs) / median(staticMs);
  console.log(
    `time to first post: app ${median(appMs).toFixed(0)} ms, static ${median(staticMs).toFixed(0)} ms, ratio ${ratio.toFixed(2)} (target ≤ 2.0)`,
  );
  console.log(`first post painted before the entry script finished loading: ${paintedBeforeEntry} of ${runs} loads`);
  console.log(
    `  app runs ${appMs.map((ms) => ms.toFixed(0)).join(' ')}; static runs ${staticMs.map((ms) => ms.toFixed(0)).join(' ')}`,
  );
  for (let run = 0; run < Number(values.trace); run++) {
    printProfiles([
      { label: 'static HTML', profile: await profileLoad(browser, `${origin}${staticPath}`) },
      {
        label: values.ssr === '0' ? 'SPA' : 'server-rendered',
        profile: await profileLoad(
          browser,
          `${origin}/timeline?screen_name=grace__trace${run}${Date.now().toString(36)}`,
        ),
      },
    ]);
  }
  const paid = await paidCallsPerDistinctPage(browser, origin, standinOrigin);
  console.log(
    `paid calls per distinct page: ${paid.ratio.toFixed(2)} (${paid.calls} calls, ${paid.distinct} pages; target 1.00)`,
  );
} finally {
  await browser.close();
  app?.kill('SIGTERM');
  standin.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
