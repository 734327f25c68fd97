/**
 * The initial-JS and long-scroll figures of `npm run bench` alone, on their own ports and build directory,
 * so they can be re-measured while changing the bundle without running the whole bench.
 *   npx tsx bench/js-scroll.ts [--outDir dist-js] [--port 5190] [--no-build] [--scroll-runs 1] [--scroll-only] [--profile] [--trace]
 */
import type { Page } from '@playwright/test';
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import { launch, longScroll } from './browser.ts';

const { values } = parseArgs({
  options: {
    outDir: { type: 'string', default: 'dist-js' },
    port: { type: 'string', default: '5190' },
    'no-build': { type: 'boolean', default: false },
    'scroll-runs': { type: 'string', default: '1' },
    'scroll-only': { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    trace: { type: 'boolean', default: false },
  },
});
const dist = values.outDir;
const port = Number(values.port);
const token = 'bench-token-not-secret';

function start(command: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(command, args, { env: { ...process.env, ...env }, stdio: 'ignore', detached: true });
}
async function waitFor(url: string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up`);
}

if (!values['no-build']) execSync(`npx vite build --outDir ${dist}`, { stdio: 'ignore' });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-js-'));
const standinOrigin = `http://127.0.0.1:${port + 1}`;
const standin = start('npx', ['tsx', 'server/standin/main.ts'], {
  STANDIN_PORT: String(port + 1),
  STANDIN_TOKEN: token,
});
const app = start(process.execPath, ['--import', 'tsx', 'server/main.ts', '--port', String(port), '--outDir', dist], {
  API_BASE_URL: standinOrigin,
  API_TOKEN: token,
  CREDITSCOPE_DATA_DIR: dataDir,
  CREDIT_LIMIT: '1000000',
});
const origin = `http://127.0.0.1:${port}`;
const browser = await launch();
try {
  await waitFor(`${standinOrigin}/media/ready.svg`);
  await waitFor(`${origin}/`);
  const routes: [string, (page: Page) => Promise<unknown>][] = [
    ['/', (page) => page.waitForLoadState('networkidle')],
    ['/timeline?screen_name=grace__js', (page) => page.locator('article').first().waitFor()],
    ['/search?q=bench', (page) => page.waitForLoadState('networkidle')],
    ['/credits', (page) => page.waitForLoadState('networkidle')],
  ];
  for (const [url, ready] of values['scroll-only'] ? [] : routes) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
    });
    await page.goto(`${origin}${url}`);
    await ready(page);
    await context.close();
    const sizes = [...scripts].map(
      (pathname) => [pathname, zlib.gzipSync(fs.readFileSync(path.join(dist, pathname)), { level: 9 }).length] as const,
    );
    const total = sizes.reduce((sum, [, bytes]) => sum + bytes, 0);
    console.log(`${url}: ${(total / 1024).toFixed(1)} KB gz`);
    for (const [pathname, bytes] of sizes.sort((a, b) => b[1] - a[1]))
      console.log(`    ${(bytes / 1024).toFixed(1).padStart(6)}  ${pathname}`);
  }
  for (let run = 0; run < Number(values['scroll-runs']); run++) {
    const handle = `archive__js${Date.now().toString(36)}`;
    const logCount = async () =>
      ((await (await fetch(`${standinOrigin}/_control/log?match=${handle}`)).json()) as unknown[]).length * 20;
    const scroll = await longScroll(browser, `${origin}/timeline?screen_name=${handle}`, 1000, logCount, {
      profile: values.profile,
      trace: values.trace,
    });
    console.log(
      `scroll: ${scroll.posts} posts, ${scroll.longTasks} long tasks [${scroll.longTaskMs.join(', ')}] ms (before the first wheel: ${scroll.startLongTaskMs.length} [${scroll.startLongTaskMs.join(', ')}]), max ${scroll.maxArticles} articles, CLS ${scroll.layoutShift.toFixed(3)}, heap ${scroll.heapMb.toFixed(1)} MB, ${scroll.seconds.toFixed(0)} s`,
    );
    for (const line of [...(scroll.profile ?? []), ...(scroll.trace ?? [])]) console.log(line);
  }
} finally {
  await browser.close();
  for (const child of [app, standin]) {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      /* gone */
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
