import { launch } from './browser.ts';
import { FIRST_POST_PROBE } from './browser.ts';
import { startRenderingApp } from './servers.ts';
const app = await startRenderingApp({ port: 6260, dist: 'dist-bench-ssr', build: process.argv[2] === 'build' });
const browser = await launch();
try {
  for (let run = 0; run < 4; run++) {
    for (const url of [`${app.origin}${app.staticPath}`, `${app.origin}/timeline?screen_name=grace__probe${run}${Date.now().toString(36)}`]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript(FIRST_POST_PROBE);
      await page.goto(url);
      await page.waitForFunction(() => (window as any).__firstPost !== null, null, { timeout: 30000 });
      const r = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const res = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => `${new URL(e.name).pathname.slice(0, 30)} ${e.initiatorType} ${e.startTime.toFixed(0)}-${e.responseEnd.toFixed(0)}`);
        const paints = performance.getEntriesByType('paint').map((p) => `${p.name} ${p.startTime.toFixed(0)}`);
        return { first: (window as any).__firstPost, doc: `${nav.responseStart.toFixed(0)}-${nav.responseEnd.toFixed(0)} dcl ${nav.domContentLoadedEventEnd.toFixed(0)}`, paints, res };
      });
      console.log(url.slice(22, 60), JSON.stringify(r, null, 0));
      await context.close();
    }
  }
} finally { await browser.close(); app.stop(); }
