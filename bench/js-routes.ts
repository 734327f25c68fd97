/**
 * What each route's first load is made of: the gzipped JavaScript /timeline and /search fetch before they are ready,
 * split into the shell (what `/` loads too) and the route's own chunks, each chunk named. Run alone on a build:
 * `npx vite build --outDir dist-bench && npx tsx bench/js-routes.ts` (BENCH_JS_PORT moves its two ports).
 * It measures sizes, not timings: the same build gives the same figures on any machine, however busy.
 * Built with source maps (`npx vite build --outDir dist-bench --sourcemap hidden`: the same chunks, byte for byte), it also names the
 * modules in each of a route's own chunks and what each costs gzipped (bench/chunk-modules.ts).
 */
import { type Browser, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { launch } from './browser.ts';
import { chunkModules } from './chunk-modules.ts';
import { BENCH } from './servers.ts';

const KB = 1024;

export interface RouteScripts {
  route: string;
  /** Gzipped bytes per script path, in the order the browser asked for them. */
  chunks: Map<string, number>;
}

async function scriptsBeforeReady(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<unknown>,
  dist: string,
): Promise<Map<string, number>> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const names: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') names.push(new URL(request.url()).pathname);
  });
  await page.goto(url);
  await ready(page);
  await context.close();
  const chunks = new Map<string, number>();
  for (const name of names) {
    const file = path.join(dist, name);
    if (fs.existsSync(file)) chunks.set(name, zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length);
  }
  return chunks;
}

const sum = (chunks: Iterable<number>) => [...chunks].reduce((total, bytes) => total + bytes, 0);

type RouteCase = [name: string, url: string, ready: (page: Page) => Promise<unknown>];
const idle = (page: Page) => page.waitForLoadState('networkidle');
/** This module's routes: their own chunks are src/features/timeline's and src/features/search's. */
export const OWN_ROUTES: RouteCase[] = [
  ['timeline', '/timeline?screen_name=grace__jsroutes', (page) => page.locator('article').first().waitFor()],
  ['search', '/search?q=budget', idle],
];
/** Not this module's figure, but the route a chunk moved between routes could make heavier: printed when run alone. */
const CREDITS: RouteCase = ['credits', '/credits', idle];

/** Each route's total on a running app, its shell part (what `/` loads too) and its own chunks. */
export async function routeBreakdown(browser: Browser, origin: string, dist: string, routes = OWN_ROUTES) {
  const shell = await scriptsBeforeReady(browser, `${origin}/`, idle, dist);
  const figures: { route: string; totalKb: number; shellKb: number; ownKb: number; own: [string, number][] }[] = [];
  for (const [route, url, ready] of routes) {
    const chunks = await scriptsBeforeReady(browser, `${origin}${url}`, ready, dist);
    const own = [...chunks].filter(([name]) => !shell.has(name)).sort((a, b) => b[1] - a[1]);
    figures.push({
      route,
      totalKb: sum(chunks.values()) / KB,
      shellKb: sum([...chunks].filter(([name]) => shell.has(name)).map(([, bytes]) => bytes)) / KB,
      ownKb: sum(own.map(([, bytes]) => bytes)) / KB,
      own,
    });
  }
  return { homeKb: sum(shell.values()) / KB, home: [...shell].sort((a, b) => b[1] - a[1]), figures };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = process.env.BENCH_JS_DIST ?? BENCH.dist;
  const port = Number(process.env.BENCH_JS_PORT ?? 4730);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-bench-js-'));
  // Demo mode (its own stand-in on the next port): loading a timeline buys from it, as a person's first visit does.
  const app = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/main.ts', '--port', String(port), '--host', '127.0.0.1', '--outDir', dist],
    {
      env: { ...process.env, CREDITSCOPE_DATA_DIR: dataDir, CREDITSCOPE_DEMO_STANDIN_PORT: String(port + 1) },
      stdio: 'ignore',
      detached: true,
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  const browser = await launch();
  try {
    for (let tries = 0; ; tries++) {
      try {
        if ((await fetch(`${origin}/`)).ok) break;
      } catch {
        if (tries > 240) throw new Error(`${origin} did not come up`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const { homeKb, home, figures } = await routeBreakdown(browser, origin, dist, [...OWN_ROUTES, CREDITS]);
    console.log(`/ (the shell): ${homeKb.toFixed(1)} KB`);
    for (const [name, bytes] of home) console.log(`  ${(bytes / KB).toFixed(1).padStart(6)} KB ${name}`);
    for (const { route, totalKb, shellKb, ownKb, own } of figures) {
      console.log(
        `${route}: ${totalKb.toFixed(1)} KB (goal 125: ${totalKb <= 125 ? 'ok' : 'not'}) = shell ${shellKb.toFixed(1)} + own ${ownKb.toFixed(1)} KB`,
      );
      for (const [name, bytes] of own) {
        console.log(`  ${(bytes / KB).toFixed(1).padStart(6)} KB ${name}`);
        for (const { source, gzipBytes } of chunkModules(path.join(dist, name)) ?? [])
          console.log(`           ${(gzipBytes / KB).toFixed(2).padStart(6)} KB ${source}`);
      }
    }
  } finally {
    await browser.close();
    process.kill(-app.pid!, 'SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
