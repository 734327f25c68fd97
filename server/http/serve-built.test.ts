import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../testing/free-port.ts';
import { PINNED_NODE } from '../testing/pinned-node.ts';

/**
 * What ships runs without the project's dev tools: `npm run build`'s steps, each into a folder of this test's
 * own, package.json and package-lock.json beside that build, `npm ci --omit=dev` (no tsx, no Vite), then
 * `npm run serve` in demo mode, which serves /healthz and buys a page from the built-in stand-in.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const VITE = path.join(ROOT, 'node_modules/vite/bin/vite.js');
const run = promisify(execFile);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-serve-built-'));
const packageJson = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

/** `npm run build`, step by step, with every `--outDir` moved under `work`: every step must name its folder. */
async function buildInto(folder: string) {
  for (const step of packageJson.scripts.build!.split(' && ')) {
    const [command, ...args] = step.split(' ');
    const outDir = args.indexOf('--outDir');
    if (command !== 'vite' || outDir < 0) throw new Error(`a build step this test cannot move: "${step}"`);
    args[outDir + 1] = path.join(folder, args[outDir + 1]!);
    await run(process.execPath, [VITE, ...args, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: ROOT,
      timeout: 120_000,
    });
  }
}

/**
 * The host's PATH, without the node_modules/.bin folders `npm test` and npx put first: `npm run serve` must find
 * the install's own Node (the node package) by itself, as on a host whose Node is older.
 */
const HOST_PATH = process.env
  .PATH!.split(path.delimiter)
  .filter((dir) => !dir.endsWith(path.join('node_modules', '.bin')))
  .join(path.delimiter);

let install: { stdout: string; stderr: string };
let server: ChildProcess;
let output = '';
let origin: string;
let standin: string;

beforeAll(async () => {
  for (const file of ['package.json', 'package-lock.json'])
    fs.copyFileSync(path.join(ROOT, file), path.join(work, file));
  // The install (mostly waiting on files and the network) beside the build (mostly CPU): npm ci touches node_modules only.
  [install] = await Promise.all([
    run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: work, timeout: 120_000 }),
    buildInto(work),
  ]);
  const [port, standinPort] = [await freePort(), await freePort()];
  origin = `http://127.0.0.1:${port}`;
  standin = `http://127.0.0.1:${standinPort}`;
  // In a process group of its own (npm, its shell, node), stopped whole. Only what demo mode needs in its
  // environment: no API_BASE_URL or token of the developer's, and no .env in `work`.
  server = spawn('npm', ['run', 'serve', '--', '--port', String(port), '--host', '127.0.0.1'], {
    cwd: work,
    env: {
      PATH: HOST_PATH,
      HOME: process.env.HOME,
      CREDITSCOPE_DATA_DIR: path.join(work, 'data'),
      CREDITSCOPE_DEMO_STANDIN_PORT: String(standinPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (let tries = 0; tries < 600 && server.exitCode === null; tries++) {
    const up = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the built server did not start:\n${output}`);
}, 300_000);

afterAll(async () => {
  if (server?.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    process.kill(-server.pid!, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    try {
      process.kill(-server.pid!, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  fs.rmSync(work, { recursive: true, force: true });
}, 60_000);

describe('the built server after npm ci --omit=dev', () => {
  it('installed what the lock names, on this Node, with no engine warning', () => {
    expect(install.stdout + install.stderr).not.toMatch(/EBADENGINE/);
    expect(fs.existsSync(path.join(work, 'node_modules/tsx'))).toBe(false);
    expect(fs.existsSync(path.join(work, 'node_modules/vite'))).toBe(false);
  });

  it('serves /healthz', async () => {
    const response = await fetch(`${origin}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, store: 'up' });
  });

  it('buys a timeline page from the stand-in, which counts the call', async () => {
    const tag = `ada__built${Math.random().toString(36).slice(2, 8)}`;
    // What the app's own fetch carries: the client header, from this origin.
    const response = await fetch(`${origin}/api/v1/social/microblog/posts?screen_name=${tag}`, {
      headers: { 'x-creditscope-client': '1', 'sec-fetch-site': 'same-origin' },
    });
    expect(response.status, output).toBe(200);
    expect(response.headers.get('x-creditscope-charged')).toBe('yes');
    const calls = (await (await fetch(`${standin}/_control/log?match=${tag}`)).json()) as unknown[];
    expect(calls).toHaveLength(1);
  });

  it('runs on the Node the install brought (the node package), whatever the host has', () => {
    expect(output).toMatch(
      new RegExp(`"msg":"creditscope: serving [^"]* on Node ${PINNED_NODE.replaceAll('.', '\\.')}"`),
    );
  });

  it('keeps the compiled server to itself', async () => {
    expect((await fetch(`${origin}/server-app/main.js`)).status).toBe(404);
  });

  it('started every part: the app server copy loaded, both threads running, nothing to read past', () => {
    // pino's warn level and up (the server copy failing to load is one), a thread gone, Node's own warnings.
    expect(output).not.toMatch(/"level":(4|5|6)0/);
    expect(output).not.toMatch(/creditscope: the .* thread/);
    expect(output).not.toMatch(/Warning/);
  });
});
