import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { CREDITS, startStandin } from '../standin/server.ts';
import { openStore } from '../store/store.ts';
import { freePort } from '../testing/free-port.ts';
import { PINNED_NODE } from '../testing/pinned-node.ts';
import { TEST_TOKEN } from '../testing/harness.ts';
import { HEADER } from '../../src/contract/index.ts';

/**
 * The production server (server/main.ts) as `npm start` runs it: a child process over real HTTP, on a
 * build of its own made once for this file, in front of a stand-in upstream started here.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-production-'));
const dist = path.join(work, 'dist');

interface Running {
  child: ChildProcess;
  origin: string;
  port: number;
  dataDir: string;
  output: () => string;
  exited: Promise<number | null>;
}
const running: Running[] = [];

/** `node --import tsx server/main.ts`, ready once /healthz answers (readiness never touches /api). */
async function startServer(
  env: Record<string, string>,
  options: { port?: number; dataDir?: string } = {},
): Promise<Running> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(work, 'data-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/main.ts', '--port', String(port), '--outDir', dist],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, CREDITSCOPE_DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server: Running = { child, origin: `http://127.0.0.1:${port}`, port, dataDir, output: () => output, exited };
  running.push(server);
  for (let tries = 0; tries < 300; tries++) {
    if (child.exitCode !== null) return server;
    if (
      await fetch(`${server.origin}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start: ${output}`);
}

/** A document request as Chromium sends it for a typed address. */
const NAVIGATE = {
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
  'sec-fetch-site': 'none',
  'sec-fetch-user': '?1',
};

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

let standin: Awaited<ReturnType<typeof startStandin>>;
let app: Running;
let builtIndex: string;

beforeAll(async () => {
  execFileSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      dist,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { cwd: ROOT, stdio: 'pipe' },
  );
  builtIndex = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  standin = await startStandin({ token: TEST_TOKEN, port: 0 });
  app = await startServer({ API_BASE_URL: standin.url, API_TOKEN: TEST_TOKEN });
  expect(app.child.exitCode, app.output()).toBeNull();
}, 180_000);

afterAll(async () => {
  for (const server of running) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  }
  await standin?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('pages', () => {
  it.each(['/', '/timeline?screen_name=ada'])(
    '%s carries the security headers, with the inline scripts allowed by hash only',
    async (address) => {
      const response = await fetch(`${app.origin}${address}`, { headers: NAVIGATE });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('etag')).toBeTruthy();
      // page-guard's arrival rule ran: a typed address clears the "came from another site" cookie.
      expect(response.headers.get('set-cookie')).toMatch(/^creditscope-arrival=; Path=\/; Max-Age=0/);
      const policy = directives(response.headers.get('content-security-policy')!);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      const scripts = policy.get('script-src')!;
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(policy.get('style-src')).toEqual(["'self'"]);
      // Each inline script of the built file (the early first-page fetch among them) is allowed by its own hash.
      const inline = [...builtIndex.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
      expect(inline.some((code) => code.includes('/api/v1/social/microblog/posts'))).toBe(true);
      for (const code of inline)
        expect(scripts).toContain(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
      // Images: the upstream's own origin (it serves the media), https hosts, and this origin.
      expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https:', standin.url]);
      expect(await response.text()).toBe(builtIndex);
    },
  );

  it('revalidates index.html with its ETag', async () => {
    // fetch() turns a conditional request into `Cache-Control: no-cache`, so this one is sent as a browser would.
    for (const encoding of ['br', 'gzip', 'identity']) {
      const first = await rawGet(`${app.origin}/`, { 'accept-encoding': encoding });
      const again = await rawGet(`${app.origin}/`, {
        'accept-encoding': encoding,
        'if-none-match': String(first.headers.etag),
      });
      expect(again.status, encoding).toBe(304);
    }
  });

  it.each(['/search?q=x', '/credits', '/history', '/timeline/', '/no/such/page'])(
    'serves the app for its client-side route %s',
    async (address) => {
      const response = await fetch(`${app.origin}${address}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toBe(builtIndex);
    },
  );

  it.each(['/timeline/%ED%A0%80/post/1', '/timeline/ada/post/%', '/find/stats/%C0%AF'])(
    'answers an address whose path cannot be decoded (%s) with a page that says so, with the security headers',
    async (address) => {
      const response = await fetch(`${app.origin}${address}`, { headers: NAVIGATE });
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await response.text()).toContain('<h1>This address cannot be read</h1>');
    },
  );

  it('answers 404 for a missing file instead of the page', async () => {
    for (const address of ['/assets/missing-abc123.js', '/missing.png']) {
      const response = await fetch(`${app.origin}${address}`);
      expect(response.status, address).toBe(404);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect((await fetch(`${app.origin}/timeline`, { method: 'POST' })).status).toBe(404);
    // The paths the Vite servers refuse (page-guard.ts) are refused here too, not answered with the page.
    expect((await fetch(`${app.origin}/__open-in-editor?file=package.json`)).status).toBe(404);
  });

  it('refuses pages under a host name that is not allowed (DNS rebinding), as Vite does', async () => {
    const response = await new Promise<number>((resolve, reject) => {
      const socket = net.connect(app.port, '127.0.0.1', () =>
        socket.end('GET / HTTP/1.1\r\nHost: attacker.example\r\nConnection: close\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
      });
      socket.on('end', () => resolve(Number(text.split(' ')[1])));
      socket.on('error', reject);
    });
    expect(response).toBe(403);
  });
});

describe('assets', () => {
  const asset = () => {
    const name = fs.readdirSync(path.join(dist, 'assets')).find((file) => /^index-.*\.js$/.test(file))!;
    return { url: `${app.origin}/assets/${name}`, source: fs.readFileSync(path.join(dist, 'assets', name)) };
  };

  it('are cached for a year as immutable, with the same security headers', async () => {
    const response = await fetch(asset().url);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
  });

  it.each([
    ['br', 'br', (body: Buffer) => zlib.brotliDecompressSync(body)],
    ['gzip', 'gzip', (body: Buffer) => zlib.gunzipSync(body)],
    ['br;q=0, gzip', 'gzip', (body: Buffer) => zlib.gunzipSync(body)],
    ['identity', null, (body: Buffer) => body],
  ])(
    'Accept-Encoding: %s is answered with the precompressed copy (%s), and Vary says so',
    async (accept, encoding, decode) => {
      const { url, source } = asset();
      // node's fetch would decompress on its own: a raw request shows what is on the wire.
      const { headers, body } = await rawGet(url, { 'accept-encoding': accept });
      expect(headers['content-encoding'] ?? null).toBe(encoding);
      expect(String(headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(headers['content-type']).toMatch(/javascript/);
      if (encoding) expect(body.length).toBeLessThan(source.length / 2);
      expect(decode(body).equals(source)).toBe(true);
    },
  );

  it('index.html is precompressed too', async () => {
    const { headers, body } = await rawGet(`${app.origin}/timeline`, { 'accept-encoding': 'br, gzip' });
    expect(headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(body).toString()).toBe(builtIndex);
  });
});

/** A plain node:http GET: fetch() would decompress the body and rewrite conditional requests. */
async function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

describe('health, API and logs', () => {
  it('GET /healthz and /readyz answer without calling the upstream', async () => {
    const before = await standinLog();
    const response = await fetch(`${app.origin}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const ready = await fetch(`${app.origin}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true, store: 'up', unsettled: 0 });
    expect(await standinLog()).toEqual(before);
  });

  it('mounts the API handler: its guard refuses a call without the client header, and a real call is recorded', async () => {
    const refused = await fetch(`${app.origin}/api/v1/social/microblog/posts?screen_name=ada__refused`);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(HEADER.client);
    expect((await standinLog()).filter((entry) => entry.query.screen_name === 'ada__refused')).toEqual([]);

    const paid = await fetch(`${app.origin}/api/v1/social/microblog/posts?screen_name=ada__logged`, {
      headers: { [HEADER.client]: '1', cookie: 'secret-cookie=c00kie' },
    });
    expect(paid.status).toBe(200);
    const session = (await (
      await fetch(`${app.origin}/api/_session`, { headers: { [HEADER.client]: '1' } })
    ).json()) as { rows: { params: Record<string, unknown>; ok: boolean }[] };
    expect(session.rows.some((row) => row.ok && row.params.screen_name === 'ada__logged')).toBe(true);
  });

  it('writes one JSON line per request: method, path without the query, status, time; never the token or a cookie', async () => {
    await fetch(`${app.origin}/search?q=private+words`, { headers: { cookie: 'secret-cookie=c00kie' } });
    // A feed's key is its address's only credential: logged as <key>.
    const feedKey = 'privateFeedKey0123456789abcdefgh';
    expect((await fetch(`${app.origin}/feeds/${feedKey}/watches.atom`)).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const lines = app.output().trim().split('\n');
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = entries.filter((entry) => entry.msg === 'request');
    expect(requests.find((entry) => entry.path === '/search')).toMatchObject({ method: 'GET', status: 200 });
    expect(
      requests.find((entry) => entry.path === '/api/v1/social/microblog/posts' && entry.status === 403),
    ).toBeTruthy();
    expect(requests.find((entry) => entry.path === '/feeds/<key>/watches.atom')).toMatchObject({ status: 404 });
    for (const entry of requests) expect(typeof entry.ms).toBe('number');
    const all = app.output();
    for (const secret of [TEST_TOKEN, 'c00kie', 'private', 'ada__logged', 'screen_name', feedKey])
      expect(all).not.toContain(secret);
  });
});

async function standinLog() {
  return (await (await fetch(`${standin.url}/_control/log`)).json()) as {
    path: string;
    query: Record<string, string>;
  }[];
}

describe('start-up', () => {
  it('says where it serves, and on which Node: the one package.json pins', () => {
    const started = app
      .output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg?: string })
      .find((entry) => entry.msg?.startsWith('creditscope: serving'));
    expect(started?.msg, app.output()).toBe(`creditscope: serving ${dist} at ${app.origin}/ on Node ${PINNED_NODE}`);
  });

  it('a taken port is one line and exit code 1', async () => {
    const second = await startServer({ API_BASE_URL: standin.url, API_TOKEN: TEST_TOKEN }, { port: app.port });
    expect(await second.exited).toBe(1);
    expect(second.output().trim()).toMatch(
      new RegExp(`^(\\{.*\\}\\n)*creditscope cannot start: port ${app.port} on 127.0.0.1 is already in use`),
    );
    expect(second.output().trim().split('\n').at(-1)).toMatch(/^creditscope cannot start: /);
  });

  it('a bad setting is one line and exit code 1, before anything listens', async () => {
    const bad = await startServer({ API_BASE_URL: standin.url });
    expect(await bad.exited).toBe(1);
    expect(bad.output().trim()).toBe(
      'creditscope cannot start: API_BASE_URL is set but API_TOKEN is not. Set both (in the environment or .env.local), or neither for demo mode.',
    );
  });

  it("a demo stand-in asked for on the server's own port is named as the clash, before anything listens", async () => {
    const port = await freePort();
    const clash = await startServer({ CREDITSCOPE_DEMO_STANDIN_PORT: String(port) }, { port });
    expect(await clash.exited).toBe(1);
    expect(clash.output().trim()).toBe(
      `creditscope cannot start: CREDITSCOPE_DEMO_STANDIN_PORT and the server's port are both ${port}: the demo stand-in needs a port of its own. Set CREDITSCOPE_DEMO_STANDIN_PORT to another, or leave it unset for 4599.`,
    );
  });

  it('no build is one line and exit code 1', async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/main.ts',
        '--port',
        String(await freePort()),
        '--outDir',
        path.join(work, 'nothing-here'),
      ],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          CREDITSCOPE_DATA_DIR: fs.mkdtempSync(path.join(work, 'data-')),
          API_BASE_URL: standin.url,
          API_TOKEN: TEST_TOKEN,
        },
      },
    );
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(1);
    expect(output.trim()).toMatch(/^creditscope cannot start: no build in .*nothing-here/);
  });
});

describe('graceful shutdown', () => {
  it('on SIGTERM stops accepting, lets an in-flight paid call finish and be recorded, then exits 0', async () => {
    const server = await startServer({ API_BASE_URL: standin.url, API_TOKEN: TEST_TOKEN });
    await fetch(`${standin.url}/_control/faults`, {
      method: 'POST',
      body: JSON.stringify({ match: 'ada__drain', latencyMs: 1_500, times: 1 }),
    });
    const call = fetch(`${server.origin}/api/v1/social/microblog/posts?screen_name=ada__drain`, {
      headers: { [HEADER.client]: '1' },
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as { success: boolean } }));
    // The upstream has the request (and is holding it): now the server is told to stop.
    for (let tries = 0; !(await standinLog()).some((entry) => entry.query.screen_name === 'ada__drain'); tries++) {
      expect(tries).toBeLessThan(200);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    server.child.kill('SIGTERM');
    // No new connections while it drains.
    for (
      let tries = 0;
      await fetch(`${server.origin}/healthz`).then(
        () => true,
        () => false,
      );
      tries++
    ) {
      expect(tries).toBeLessThan(50);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(server.child.exitCode).toBeNull();

    const answer = await call;
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(/"msg":"stopped"/);

    // The ledger row is settled and charged, not left pending as "outcome unknown".
    const store = await openStore(
      { ...loadConfig({ CREDITSCOPE_DATA_DIR: server.dataDir }), dataDir: server.dataDir },
      CREDITS,
    );
    try {
      expect(await store.ledger.outcomesUnknown()).toEqual([]);
      const { rows } = await store.ledger.rowsPage({ limit: 10 });
      const row = rows.find((candidate) => candidate.params.screen_name === 'ada__drain');
      expect(row).toMatchObject({ ok: true, status: 200, credits: '0.1', charged: 'yes' });
    } finally {
      await store.close();
    }
  }, 60_000);
});
