/**
 * What the main thread ran during a long scroll's long tasks, from a CDP CPU profile: every stretch of
 * samples without idle longer than 50 ms is a long task as the browser counts it; their self time is
 * summed by function (name, file, line) so the cost can be named before it is cut.
 */
import type { CDPSession } from '@playwright/test';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export async function startProfile(cdp: CDPSession): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
}

/** Stops the profile; returns one line per busy stretch and the functions costing most inside them. */
export async function busyStretches(cdp: CDPSession, top = 25): Promise<string[]> {
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const label = (id: number) => {
    const frame = frames.get(id)!;
    const file = frame.url.split('/').pop() || '';
    // Line and column as a source map reads them: a minified chunk holds many functions on one line.
    return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}:${frame.columnNumber}`;
  };
  const selfMs = new Map<string, number>();
  const stretches: string[] = [];
  let run: { startMs: number; ms: number; self: Map<string, number> } | null = null;
  let clockMs = 0;
  const close = () => {
    if (run && run.ms > 50) {
      stretches.push(`busy ${run.ms.toFixed(0)} ms at ${(run.startMs / 1000).toFixed(1)} s`);
      for (const [name, ms] of run.self) selfMs.set(name, (selfMs.get(name) ?? 0) + ms);
    }
    run = null;
  };
  profile.samples.forEach((id, index) => {
    const deltaMs = (profile.timeDeltas[index] ?? 0) / 1000;
    clockMs += deltaMs;
    if (frames.get(id)!.functionName === '(idle)') return close();
    run ??= { startMs: clockMs, ms: 0, self: new Map() };
    run.ms += deltaMs;
    const name = label(id);
    run.self.set(name, (run.self.get(name) ?? 0) + deltaMs);
  });
  close();
  const ranked = [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, top);
  return [...stretches, ...ranked.map(([name, ms]) => `  ${ms.toFixed(1).padStart(7)} ms  ${name}`)];
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time inside the event: unlike `dur`, not stretched while other processes hold the cores. */
  tdur?: number;
  tid: number;
  pid: number;
  args?: { name?: string };
}

/**
 * The same long tasks from a Chromium trace, where the CPU profile's `(program)` is split into the browser's own
 * phases: each top-level task on the page's main thread over 50 ms, and the self time of what ran inside them
 * (UpdateLayoutTree is style, Layout, Paint, PrePaint, FunctionCall is script, ...), summed by name.
 */
export function traceLongTasks(trace: Buffer, top = 20): string[] {
  const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
  const mainThreads = new Set(
    traceEvents
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const complete = traceEvents
    .filter((event) => event.ph === 'X' && event.dur !== undefined && mainThreads.has(`${event.pid}:${event.tid}`))
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const selfMs = new Map<string, number>();
  let tasks = 0;
  let taskMs = 0;
  let busyMs = 0;
  let cpuMs = 0;
  let cpuLongTasks = 0;
  const stack: { event: TraceEvent; childUs: number }[] = [];
  let inLongTask = false;
  const pop = () => {
    const { event, childUs } = stack.pop()!;
    if (inLongTask) selfMs.set(event.name, (selfMs.get(event.name) ?? 0) + (event.dur! - childUs) / 1000);
    if (stack.length) stack[stack.length - 1]!.childUs += event.dur!;
    else inLongTask = false;
  };
  for (const event of complete) {
    while (stack.length && stack[stack.length - 1]!.event.ts + stack[stack.length - 1]!.event.dur! <= event.ts) pop();
    if (!stack.length) {
      busyMs += event.dur! / 1000;
      cpuMs += (event.tdur ?? 0) / 1000;
      if ((event.tdur ?? 0) > 50_000) cpuLongTasks += 1;
    }
    if (!stack.length && event.dur! > 50_000) {
      inLongTask = true;
      tasks += 1;
      taskMs += event.dur! / 1000;
    }
    stack.push({ event, childUs: 0 });
  }
  while (stack.length) pop();
  const ranked = [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, top);
  return [
    `trace: ${tasks} tasks over 50 ms, ${taskMs.toFixed(0)} ms in them; ${cpuLongTasks} over 50 ms of CPU time; main thread busy ${busyMs.toFixed(0)} ms, ${cpuMs.toFixed(0)} ms of it CPU`,
    ...ranked.map(([name, ms]) => `  ${ms.toFixed(1).padStart(7)} ms  ${name}`),
  ];
}
