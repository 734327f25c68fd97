import type { Browser } from '@playwright/test';
import { FIRST_POST_PROBE } from './browser.ts';

/** Main-thread work Chromium records for a page load, by what it is. */
const KINDS: Record<string, string> = {
  ParseHTML: 'HTML parsing',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'pre-paint',
  Paint: 'paint',
  Layerize: 'layerize',
  Commit: 'commit to the compositor',
  EvaluateScript: 'script',
  'v8.compile': 'script compile',
  'v8.compileModule': 'script compile',
  'v8.evaluateModule': 'script',
  FunctionCall: 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  EventDispatch: 'script',
  MinorGC: 'garbage collection',
  MajorGC: 'garbage collection',
  'BlinkGC.AtomicPhase': 'garbage collection',
  ParseAuthorStyleSheet: 'style sheet parsing',
  'Decode Image': 'image decode',
};

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown>;
}

export interface LoadProfile {
  url: string;
  /** ms from navigation start, as the page's own Navigation and Element Timing say. */
  responseStart: number;
  responseEnd: number;
  domInteractive: number;
  firstPost: number;
  /** ms of main-thread time before the first post was painted, by kind (nested events counted once, by the outermost). */
  mainThread: Record<string, number>;
  /** The most layout objects one layout pass walked. */
  layoutObjects: number;
  htmlBytes: number;
}

/** One cold load of `url` (a new context), traced, summarised up to the first post's paint. */
export async function profileLoad(browser: Browser, url: string): Promise<LoadProfile> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(FIRST_POST_PROBE);
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'blink.user_timing',
      'v8.execute',
      'v8',
      'blink_gc',
    ],
  });
  const response = await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __firstPost: number | null }).__firstPost !== null, null, {
    timeout: 30_000,
  });
  const timing = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return {
      responseStart: navigation!.responseStart,
      responseEnd: navigation!.responseEnd,
      domInteractive: navigation!.domInteractive,
      firstPost: (window as unknown as { __firstPost: number }).__firstPost,
      htmlBytes: navigation!.decodedBodySize,
    };
  });
  await page.waitForTimeout(300);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  await context.close();
  void response;

  const events = trace.traceEvents;
  const parse = events.find(
    (event) =>
      event.name === 'ParseHTML' &&
      String((event.args?.beginData as { url?: string } | undefined)?.url ?? '').startsWith(url.split('#')[0]!),
  );
  if (!parse) throw new Error(`no HTML parsing of ${url} in the trace`);
  const navigationStart = events
    .filter((event) => event.name === 'navigationStart' && event.pid === parse.pid && event.ts <= parse.ts)
    .at(-1);
  const zero = navigationStart?.ts ?? parse.ts;
  const until = zero + timing.firstPost * 1000;
  const onMain = events
    .filter(
      (event) =>
        event.pid === parse.pid && event.tid === parse.tid && event.ph === 'X' && event.ts >= zero && event.ts <= until,
    )
    .sort((a, b) => a.ts - b.ts);
  const mainThread: Record<string, number> = {};
  let coveredUntil = 0;
  let layoutObjects = 0;
  for (const event of onMain) {
    if (event.name === 'Layout')
      layoutObjects = Math.max(
        layoutObjects,
        Number((event.args?.beginData as { totalObjects?: number } | undefined)?.totalObjects ?? 0),
      );
    const kind = KINDS[event.name];
    if (!kind || event.ts < coveredUntil) continue;
    const end = Math.min(event.ts + (event.dur ?? 0), until);
    mainThread[kind] = (mainThread[kind] ?? 0) + (end - event.ts) / 1000;
    coveredUntil = event.ts + (event.dur ?? 0);
  }
  return { url, ...timing, mainThread, layoutObjects };
}

export function printProfiles(profiles: { label: string; profile: LoadProfile }[]) {
  const kinds = [...new Set(profiles.flatMap(({ profile }) => Object.keys(profile.mainThread)))].sort();
  const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  const ms = (value: number | undefined) => (value === undefined ? '0' : value.toFixed(1));
  console.log(row(['', ...profiles.map(({ label }) => label)]));
  console.log(row(['---', ...profiles.map(() => '---')]));
  console.log(row(['HTML (decoded bytes)', ...profiles.map(({ profile }) => profile.htmlBytes)]));
  console.log(row(['response start (ms)', ...profiles.map(({ profile }) => ms(profile.responseStart))]));
  console.log(row(['response end (ms)', ...profiles.map(({ profile }) => ms(profile.responseEnd))]));
  console.log(row(['DOM interactive (ms)', ...profiles.map(({ profile }) => ms(profile.domInteractive))]));
  console.log(row(['first post painted (ms)', ...profiles.map(({ profile }) => ms(profile.firstPost))]));
  console.log(row(['most layout objects in one layout', ...profiles.map(({ profile }) => profile.layoutObjects)]));
  for (const kind of kinds)
    console.log(row([`main thread: ${kind} (ms)`, ...profiles.map(({ profile }) => ms(profile.mainThread[kind]))]));
}
