/**
 * What the main thread ran during a long scroll's long tasks, from a CDP CPU profile: every stretch of
 * samples without idle longer than 50 ms is a long task as the browser counts it; their self time is
 * summed by function (name, file, line) so the cost can be named before it is cut.
 */
import type { CDPSession } from '@playwright/test';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
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
    return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
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
