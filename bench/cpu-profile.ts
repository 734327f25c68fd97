/**
 * Summarises the `.cpuprofile` files `node --cpu-prof` writes (one per thread) as Markdown: for the samples
 * taken inside a window (absolute CLOCK_MONOTONIC µs, as `process.hrtime` reads it and V8 stamps samples),
 * each thread's CPU per call split by where it goes (the project's files, each package, Node's internals, the
 * garbage collector) and its busiest functions, self and inclusive. A sample is wall time on a busy frame (on
 * a shared machine, also time the thread waited for a core), so the busy samples of all threads are scaled to
 * the CPU the process was measured to use: the shares are the profile's, the total is /proc's.
 */
import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const IDLE = new Set(['(idle)']);

/** Where a function's file belongs: `server/purchase`, a package's name, `node` for Node's own, or the V8 pseudo-frame. */
function area(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  if (url.startsWith('node:')) return 'node';
  const packageAt = url.lastIndexOf('/node_modules/');
  if (packageAt !== -1) {
    const [first, second] = url.slice(packageAt + '/node_modules/'.length).split('/');
    return first!.startsWith('@') ? `${first}/${second}` : first!;
  }
  const project = /\/(server|src|bench)\/(.*)$/.exec(url);
  if (project) return `${project[1]}/${project[2]!.split('/').slice(0, -1).join('/') || '.'}`.replace(/\/\.$/, '');
  return url;
}

function label(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url ? `${url.replace(/^.*\/(server|src|node_modules)\//, '$1/')}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'}${file ? ` ${file}` : ''}`;
}

function table(title: string, rows: [string, number][], total: number, msPerCall: (samples: number) => string) {
  return [
    `| ${title} | ms per call | share |`,
    '| --- | ---: | ---: |',
    ...rows.map(
      ([name, samples]) => `| \`${name}\` | ${msPerCall(samples)} | ${((samples / total) * 100).toFixed(1)} % |`,
    ),
  ].join('\n');
}

function top(map: Map<string, number>, count: number): [string, number][] {
  return [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
}

/** One thread's profile, counted inside the window. */
function busySamples(profile: Profile, window: { fromUs: number; toUs: number }) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  let at = profile.startTime;
  let busy = 0;
  for (let index = 0; index < profile.samples.length; index++) {
    at += profile.timeDeltas[index]!;
    if (at < window.fromUs || at > window.toUs) continue;
    const id = profile.samples[index]!;
    if (IDLE.has(byId.get(id)!.callFrame.functionName)) continue;
    self.set(id, (self.get(id) ?? 0) + 1);
    busy++;
  }
  return { byId, self, busy };
}

/** One thread's busy samples, each worth `msPerSample` of CPU per call. */
function summariseThread(profile: Profile, samples: ReturnType<typeof busySamples>, msPerSample: number, name: string) {
  const { byId, self, busy } = samples;
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const msPerCall = (count: number) => (count * msPerSample).toFixed(3);
  const selfByFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, count] of self) {
    const node = byId.get(id)!;
    selfByFunction.set(label(node), (selfByFunction.get(label(node)) ?? 0) + count);
    const where = area(node.callFrame.url, node.callFrame.functionName);
    byArea.set(where, (byArea.get(where) ?? 0) + count);
    // Inclusive time of the project's own functions: each counted once per sample however deep it recurses.
    const seen = new Set<string>();
    for (let up: number | undefined = id; up !== undefined; up = parent.get(up)) {
      const frame = byId.get(up)!;
      if (!/\/(server|src)\//.test(frame.callFrame.url) || frame.callFrame.url.includes('/node_modules/')) continue;
      const key = label(frame);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + count);
    }
  }
  return [
    `## ${name}: ${msPerCall(busy)} ms per call (${busy} busy samples)`,
    '',
    table('where (self time)', top(byArea, 15), busy, msPerCall),
    '',
    table('function (self time)', top(selfByFunction, 20), busy, msPerCall),
    '',
    table("project's functions (inclusive)", top(inclusive, 20), busy, msPerCall),
    '',
  ].join('\n');
}

/**
 * Every thread's summary in `dir`, the main thread first (the earliest to start), its samples scaled to
 * `cpuMsPerCall`, the process's CPU per call over the same window.
 */
export function summariseProfiles(dir: string, window: { fromUs: number; toUs: number }, cpuMsPerCall: number): string {
  const threads = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.cpuprofile'))
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Profile)
    .sort((a, b) => a.startTime - b.startTime)
    .map((profile) => ({ profile, samples: busySamples(profile, window) }));
  const total = threads.reduce((sum, thread) => sum + thread.samples.busy, 0);
  return threads
    .filter((thread) => thread.samples.busy > 0)
    .map(({ profile, samples }, index) =>
      summariseThread(
        profile,
        samples,
        cpuMsPerCall / Math.max(1, total),
        index === 0 ? 'main thread' : `thread ${index}`,
      ),
    )
    .join('\n');
}
