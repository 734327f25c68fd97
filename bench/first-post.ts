/**
 * Just the server-rendering figures of `npm run bench` (issue 14, part 4), on ports and a build of their
 * own so it can run beside the other benches: time to first post of a timeline the server renders vs
 * the same posts as static HTML, and paid calls per distinct page with server rendering on.
 *
 *   npx tsx bench/first-post.ts [--runs 7] [--port 4730] [--ssr 0] [--no-build] [--trace 3]
 *
 * --trace N: then N traced cold loads of each page, summarised from Chromium's trace (bench/trace-summary.ts).
 */
import { parseArgs } from 'node:util';
import { launch, timeToFirstPost } from './browser.ts';
import { paidCallsPerDistinctPage } from './paid-calls.ts';
import { median, startRenderingApp } from './servers.ts';
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
const { origin, standinOrigin, staticPath, stop } = await startRenderingApp({
  port: Number(values.port),
  dist: 'dist-bench-first-post',
  build: !values['no-build'],
  ssr: values.ssr,
});
const browser = await launch();
try {
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
  stop();
}
