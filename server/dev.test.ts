import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './testing/free-port.ts';

/**
 * `npm run dev` is the server app of `npm start` with Vite in middleware mode (server/dev.ts): the same
 * hooks and /api routes, over real HTTP, with Vite serving the pages and hot reload on the same port.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-dev-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(work, { recursive: true, force: true });
});

function startDev(port: number, standinPort: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/dev.ts', '--port', String(port), '--strictPort'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      CREDITSCOPE_DATA_DIR: fs.mkdtempSync(path.join(work, 'data-')),
      CREDITSCOPE_DEMO_STANDIN_PORT: String(standinPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Resolves once /healthz answers (the app's route, never /api: starting buys nothing), or throws. */
async function ready(origin: string, dev: ReturnType<typeof startDev>) {
  for (let tries = 0; tries < 600; tries++) {
    if (dev.child.exitCode !== null) throw new Error(`dev server exited: ${dev.output()}`);
    const answer = await fetch(`${origin}/healthz`).catch(() => null);
    if (answer?.ok) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`dev server did not start: ${dev.output()}`);
}

/** The status line of a WebSocket upgrade, as Vite's hot-reload client asks for it. */
async function upgradeStatus(port: number): Promise<string> {
  const socket = net.connect(port, '127.0.0.1');
  socket.write(
    'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n' +
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Protocol: vite-hmr\r\n\r\n',
  );
  const first = await new Promise<string>((resolve) => {
    socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1').split('\r\n')[0]!));
    socket.once('error', () => resolve(''));
  });
  socket.destroy();
  return first;
}

describe('npm run dev', () => {
  it('serves Vite pages, /healthz and /api through the same hooks as npm start, on one port it never moves from', async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const dev = startDev(port, await freePort());
    const health = await ready(origin, dev);
    expect(await health.json()).toEqual({ ok: true });

    // A page from Vite, under the page rules: another site's link gets the arrival cookie.
    const page = await fetch(`${origin}/timeline?screen_name=ada`, {
      headers: { accept: 'text/html', 'sec-fetch-dest': 'document', 'sec-fetch-site': 'cross-site' },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/@vite/client');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('set-cookie')).toMatch(/=foreign;/);

    // /api: the guard, and a schema's refusal in the one error shape.
    const refused = await fetch(`${origin}/api/_session`);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /missing x-creditscope-client header/,
    );
    const badLimit = await fetch(`${origin}/api/_session?limit=x`, { headers: { 'x-creditscope-client': '1' } });
    expect(badLimit.status).toBe(400);
    expect(badLimit.headers.get('x-creditscope-charged')).toBe('no');
    expect(await badLimit.json()).toMatchObject({
      success: false,
      error: { kind: 'bad_request', message: 'limit must be a whole number from 1 to 500', status: 400 },
    });
    expect((await fetch(`${origin}/__open-in-editor?file=/etc/passwd`)).status).toBe(404);

    // Hot reload's WebSocket is upgraded on the same server.
    expect(await upgradeStatus(port)).toBe('HTTP/1.1 101 Switching Protocols');

    // One JSON line per request, as under npm start (written as the answer closes: read as it arrives).
    const logged = /"method":"GET","path":"\/api\/_session","status":403,[^\n]*"msg":"request"/;
    for (let tries = 0; tries < 100 && !logged.test(dev.output()); tries++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(dev.output()).toMatch(logged);

    // A taken port is an error, never a move to the next one.
    const second = startDev(port, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`port ${port} on 127.0.0.1 is already in use`);

    // Stopped as an operator would: drained, exit 0.
    dev.child.kill('SIGTERM');
    expect(await dev.exited).toBe(0);
  }, 120_000);
});
