/**
 * `npm run screenshots`: regenerates the README's images in docs/screenshots/ from the app itself, so they
 * never drift from it. Builds into a throwaway folder, starts the production server in demo mode (the
 * built-in stand-in, never a real upstream) on spare loopback ports with a throwaway data directory, and
 * drives it with playwright-core and the system Chromium. `--review <dir>` also writes the Credits page
 * with the request inspector open, light, dark and 375 px wide, for checking a change by eye.
 * It prints the origin it served, one line, so a caller can check that nothing listens there afterwards.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { IMAGES, personPage, REVIEW, scene, type Shot } from './screenshot-scenes.ts';
import { MANIFEST, recordShot, type ShotRecord } from './screenshot-manifest.ts';

const root = path.resolve(import.meta.dirname, '..');
/** `--out <dir>` writes the README's images elsewhere (a test does, to leave docs/ alone). */
function option(name: string): string | null {
  const at = process.argv.indexOf(name);
  return at >= 0 ? path.resolve(process.argv[at + 1] ?? name.slice(2)) : null;
}
const out = option('--out') ?? path.join(root, 'docs', 'screenshots');
const reviewDir = option('--review');

function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net
      .createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
  });
}

/** Empty values count as unset (server/config.ts): whatever .env.local or the shell says, this is demo mode. */
const DEMO_ENV = Object.fromEntries(
  [
    'API_BASE_URL',
    'API_TOKEN',
    'DATABASE_URL',
    'CREDIT_LIMIT',
    'CREDIT_LIMIT_PERIOD',
    'CREDIT_WARN_AT',
    'ARCHIVE_FRESH_FOR',
    'ALLOWED_HOSTS',
  ].map((name) => [name, '']),
);

async function startServer(dist: string, dataDir: string): Promise<{ origin: string; server: ChildProcess }> {
  const [port, standinPort] = [await sparePort(), await sparePort()];
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/main.ts', '--port', String(port), '--host', '127.0.0.1', '--outDir', dist],
    {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        ...DEMO_ENV,
        CREDITSCOPE_DATA_DIR: dataDir,
        CREDITSCOPE_DEMO_STANDIN_PORT: String(standinPort),
      },
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 300; tries++) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    if (
      await fetch(`${origin}/`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const state = await fetch(`${origin}/api/_session`, { headers: { 'x-creditscope-client': '1' } }).then(
    (response) => response.json() as Promise<{ mode?: string }>,
  );
  if (state.mode !== 'demo')
    throw new Error(`the server is in ${state.mode ?? 'an unknown'} mode, not demo mode: nothing is bought`);
  return { origin, server };
}

async function shoot(origin: string, shots: readonly Shot[], dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  const manifest: Record<string, ShotRecord> = {};
  for (const shot of shots) {
    const page = await personPage(shot);
    page.on('pageerror', (error) => console.error(`${shot.file}: ${error.message}`));
    await shot.open(page, origin);
    await page.screenshot({ path: path.join(dir, shot.file), fullPage: shot.fullPage ?? false });
    manifest[shot.file] = await recordShot(page);
    console.log(`wrote ${path.relative(process.cwd(), path.join(dir, shot.file))}`);
    await page.close();
  }
  fs.writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  quantise(shots.map((shot) => path.join(dir, shot.file)));
}

/**
 * The images are committed: pngquant (Debian's `pngquant` package), when installed, makes them a palette of at most
 * 256 colours, a third of Chromium's size, with no difference a reader sees in these flat pages. Without it they
 * are written as Chromium made them, and the README test's size check says so.
 */
function quantise(files: string[]) {
  const result = spawnSync(
    'pngquant',
    ['--quality', '80-95', '--strip', '--skip-if-larger', '--force', '--ext', '.png', ...files],
    {
      stdio: 'inherit',
    },
  );
  if (result.error)
    console.warn('pngquant is not installed (apt-get install pngquant): the images are left unquantised');
  // 99: the quality asked for could not be met, 98: no smaller; the image is kept as Chromium wrote it.
  else if (result.status !== 0 && result.status !== 98 && result.status !== 99)
    throw new Error(`pngquant exited ${result.status}`);
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-screenshots-'));
let server: ChildProcess | null = null;
let browser: Browser | null = null;
try {
  const dist = path.join(scratch, 'dist');
  const build = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      dist,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error('vite build failed');
  const started = await startServer(dist, path.join(scratch, 'data'));
  server = started.server;
  console.log(`demo mode at ${started.origin}`);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  await scene(browser, started.origin);
  await shoot(started.origin, IMAGES, out);
  if (reviewDir) await shoot(started.origin, REVIEW, reviewDir);
} finally {
  await browser?.close();
  if (server?.pid && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  }
  fs.rmSync(scratch, { recursive: true, force: true });
}
