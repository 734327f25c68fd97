import { spawn, type ChildProcess } from 'node:child_process';
import { builtServerArgs } from './built-server.ts';

/**
 * App instances a spec starts itself, for set-ups the config's webServer list cannot give (they start
 * before global setup, so they never see the run's PostgreSQL). Each runs the production build under the
 * compiled production server, as `npm start` does.
 */
export async function startInstance(
  port: number,
  env: Record<string, string>,
  /** Whether `/` answers as a started server does: 200, or e.g. 401 where a reverse proxy must sign people in. */
  answersAsStarted: (status: number) => boolean = (status) => status >= 200 && status < 300,
): Promise<{ origin: string; stop: () => Promise<void>; kill: () => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, builtServerArgs(port), {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      /* already gone */
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* already gone */
    }
  };
  /** A crash: SIGKILL, no drain, nothing flushed. */
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* already gone */
    }
    await exited;
  };
  // Readiness on `/`, never on /api: starting must not spend.
  for (let tries = 0; tries < 300; tries++) {
    if (child.exitCode !== null) throw new Error(`instance on ${port} exited: ${output.slice(-800)}`);
    const ready = await fetch(`${origin}/`).then(
      (response) => answersAsStarted(response.status),
      () => false,
    );
    if (ready) return { origin, stop, kill };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`instance on ${port} did not start within 30 s: ${output.slice(-800)}`);
}
