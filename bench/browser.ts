import { chromium, type Browser, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { BENCH } from './servers.ts';
import { busyStretches, startProfile, traceLongTasks } from './scroll-profile.ts';

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--enable-precise-memory-info',
    ],
  });
}

/**
 * Records when the first <article>'s text is painted, measured from navigation start, with the browser's
 * own Element Timing (the paint's time, even when a long script keeps the next frames from running; two
 * animation frames after the insertion measured that script too).
 */
export const FIRST_POST_PROBE = `
  window.__firstPost = null;
  new PerformanceObserver((list) => {
    const painted = list.getEntries().filter((entry) => entry.identifier === 'first-post' && entry.name === 'text-paint');
    if (window.__firstPost === null && painted.length) window.__firstPost = Math.min(...painted.map((entry) => entry.renderTime));
  }).observe({ type: 'element', buffered: true });
  // Marked as the parser adds it, to the end: a streamed article can arrive in parts, its text after its first tag.
  new MutationObserver((_, observer) => {
    const article = document.querySelector('article');
    if (!article) return;
    if (window.__firstPost !== null) return observer.disconnect();
    for (const element of [article, ...article.querySelectorAll(':not([elementtiming])')]) element.setAttribute('elementtiming', 'first-post');
  }).observe(document, { childList: true, subtree: true });
`;

export interface FirstPost {
  /** When the first post's text was painted, ms from navigation start. */
  paintedMs: number;
  /** When the app's entry script had finished loading (null on a page without one). */
  entryLoadedMs: number | null;
}

export async function timeToFirstPost(browser: Browser, url: string): Promise<FirstPost> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(FIRST_POST_PROBE);
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __firstPost: number | null }).__firstPost !== null, null, {
    timeout: 30_000,
  });
  const result = await page.evaluate(() => {
    const entry = performance
      .getEntriesByType('resource')
      .find((resource) => /\/assets\/index-[^/]*\.js$/.test(new URL(resource.name).pathname)) as
      PerformanceResourceTiming | undefined;
    return {
      paintedMs: (window as unknown as { __firstPost: number }).__firstPost,
      entryLoadedMs: entry ? entry.responseEnd : null,
    };
  });
  await context.close();
  return result;
}

/** Gzipped bytes of the JS the browser fetched before the page was ready (first post, or idle). */
export async function initialJs(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<unknown>,
): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  await page.goto(url);
  await ready(page);
  const loaded = [...scripts];
  await context.close();
  return loaded.reduce((sum, pathname) => {
    const file = path.join(BENCH.dist, pathname);
    return fs.existsSync(file) ? sum + zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : sum;
  }, 0);
}

const SCROLL_PROBE = `
  window.__scroll = { maxArticles: 0, longTasks: [], scrollStart: null, shift: 0, total: 0, sources: {} };
  // The scroll starts at the reader's first wheel: long tasks before it are the page starting, not the scroll.
  addEventListener('wheel', () => { window.__scroll.scrollStart ??= performance.now(); }, { capture: true, passive: true });
  // CLS as browsers report it: the largest session window (shifts < 1 s apart, window <= 5 s).
  let windowSum = 0, windowStart = 0, lastShift = 0;
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__scroll.longTasks.push({ start: entry.startTime, ms: Math.round(entry.duration) }); }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      if (entry.startTime - lastShift > 1000 || entry.startTime - windowStart > 5000) { windowSum = 0; windowStart = entry.startTime; }
      windowSum += entry.value; lastShift = entry.startTime;
      window.__scroll.shift = Math.max(window.__scroll.shift, windowSum);
      window.__scroll.total += entry.value;
      for (const source of entry.sources || []) {
        const node = source.node; const name = node && node.nodeType === 1 ? node.tagName + '.' + String(node.className).split(' ').slice(0, 2).join('.') + (node.dataset && node.dataset.testid ? '#' + node.dataset.testid : '') : String(node && node.nodeName);
        window.__scroll.sources[name] = (window.__scroll.sources[name] || 0) + entry.value;
      }
    }
  }).observe({ type: 'layout-shift', buffered: true });
  const count = () => { window.__scroll.maxArticles = Math.max(window.__scroll.maxArticles, document.querySelectorAll('article').length); requestAnimationFrame(count); };
  requestAnimationFrame(count);
`;

export interface ScrollFigures {
  posts: number;
  maxArticles: number;
  /** Long tasks (> 50 ms) from the reader's first wheel on, and their durations. */
  longTasks: number;
  longTaskMs: number[];
  /** The long tasks before it: the page starting (its script, its first render), counted apart. */
  startLongTaskMs: number[];
  heapMb: number;
  /** Largest session window, as CLS is defined; shiftTotal sums every shift over the whole scroll. */
  layoutShift: number;
  shiftTotal: number;
  shiftSources: Record<string, number>;
  seconds: number;
  /** With `profile`: the busy stretches > 50 ms and the functions costing most in them. */
  profile?: string[];
  /** With `trace`: the long tasks from a Chromium trace, split into style, layout, paint, script. */
  trace?: string[];
}

/** Scrolls a long timeline end to end the way a reader would, loading pages as it goes. */
export async function longScroll(
  browser: Browser,
  url: string,
  targetPosts: number,
  loadedPosts: () => Promise<number>,
  { profile = false, trace = false } = {},
): Promise<ScrollFigures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(SCROLL_PROBE);
  const cdp = await context.newCDPSession(page);
  if (profile) await startProfile(cdp);
  if (trace)
    await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'v8', 'blink.user_timing'] });
  await page.goto(url);
  await page.locator('article').first().waitFor();
  const started = Date.now();
  let posts = 0;
  for (let step = 0; step < 4000 && Date.now() - started < 240_000; step++) {
    await page.mouse.wheel(0, 1200);
    await page.waitForTimeout(40);
    if (step % 10 === 0) {
      posts = await loadedPosts();
      // By test id: a text search walks every element and its garbage, in the page's heap, triggered GCs of its own.
      const ended = await page
        .getByTestId('end-of-timeline')
        .isVisible()
        .catch(() => false);
      if (posts >= targetPosts || ended) break;
      // Auto-load stops after the paid pages it was allowed and asks: a reader going on presses Keep loading.
      const keepLoading = page.getByTestId('keep-loading');
      if (await keepLoading.isVisible().catch(() => false)) await keepLoading.click();
    }
  }
  await page.waitForTimeout(500);
  const busy = profile ? await busyStretches(cdp) : undefined;
  let traced: string[] | undefined;
  if (trace) {
    // Kept for a closer look (chrome://tracing, or the DevTools Performance panel loads it).
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'scroll-trace-')), 'trace.json');
    fs.writeFileSync(file, await browser.stopTracing());
    traced = [...traceLongTasks(fs.readFileSync(file)), `  (trace in ${file})`];
  }
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  const figures = await page.evaluate(
    () =>
      (
        window as unknown as {
          __scroll: {
            maxArticles: number;
            longTasks: { start: number; ms: number }[];
            scrollStart: number | null;
            shift: number;
            total: number;
            sources: Record<string, number>;
          };
        }
      ).__scroll,
  );
  const scrolling = (task: { start: number }) => figures.scrollStart !== null && task.start >= figures.scrollStart;
  const scrollTasks = figures.longTasks.filter(scrolling);
  await context.close();
  return {
    posts,
    maxArticles: figures.maxArticles,
    longTasks: scrollTasks.length,
    longTaskMs: scrollTasks.map((task) => task.ms),
    startLongTaskMs: figures.longTasks.filter((task) => !scrolling(task)).map((task) => task.ms),
    heapMb: heap.usedSize / 1024 / 1024,
    layoutShift: figures.shift,
    shiftTotal: figures.total,
    shiftSources: figures.sources,
    seconds: (Date.now() - started) / 1000,
    profile: busy,
    trace: traced,
  };
}
