import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asClientSends } from '../testing/client-headers.ts';
import { freePort } from '../testing/free-port.ts';
import { PINNED_NODE } from '../testing/pinned-node.ts';

/**
 * What ships runs without the project's dev tools: `npm run build`'s steps, each into a folder of this test's
 * own, package.json, package-lock.json and the operator's launcher (scripts/operator.mjs) beside that build,
 * `npm ci --omit=dev` (no tsx, no Vite), then `npm run serve` in demo mode with people signing in, its settings
 * in a .env file as an operator keeps them. There the first admin is made with `npm run user`, their welcome link
 * signs them in, they buy a page from the built-in stand-in, and `npm run ledger` and `npm run job` work on the
 * same store.
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

/**
 * The host's PATH and a home of the install's own, nothing of the developer's: the rest comes from `work/.env`. A command that
 * missed the .env would find an empty store in that home (the default data folder), never the developer's.
 */
const bareEnv = (more: Record<string, string> = {}) => ({
  PATH: HOST_PATH,
  HOME: path.join(work, 'home'),
  ...more,
});

/** `npm run <command> -- …` in the install, as an operator types it there. */
function operator(command: 'user' | 'ledger' | 'job' | 'watch', args: string[], env: Record<string, string> = {}) {
  return run('npm', ['run', '--silent', command, '--', ...args], { cwd: work, env: bareEnv(env), timeout: 60_000 });
}

const PASSWORD = 'correct horse battery';
const TAG = `ada__built${Math.random().toString(36).slice(2, 8)}`;
/** The admin's session, once they have signed in. */
let cookie: string | undefined;

/** What the app's own fetch sends from this origin (with the admin's cookie once there is one), JSON in and out. */
function api(pathname: string, init: { body?: unknown } = {}) {
  const json = init.body !== undefined;
  return fetch(`${origin}${pathname}`, {
    method: json ? 'POST' : 'GET',
    body: json ? JSON.stringify(init.body) : undefined,
    headers: asClientSends(
      { ...(json ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
      { 'sec-fetch-site': 'same-origin', ...(json ? { origin } : {}) },
    ),
  });
}

let install: { stdout: string; stderr: string };
let installSeconds: number;
let server: ChildProcess;
let output = '';
let origin: string;
let standin: string;

beforeAll(async () => {
  for (const file of ['package.json', 'package-lock.json', 'scripts/operator.mjs']) {
    fs.mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(work, file));
  }
  // The install (mostly waiting on files and the network) beside the build (mostly CPU): npm ci touches node_modules only.
  const installing = Date.now();
  [install] = await Promise.all([
    run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: work,
      timeout: 120_000,
    }).then((done) => ((installSeconds = (Date.now() - installing) / 1000), done)),
    buildInto(work),
  ]);
  const [port, standinPort] = [await freePort(), await freePort()];
  origin = `http://127.0.0.1:${port}`;
  standin = `http://127.0.0.1:${standinPort}`;
  // Where the server and the operator's commands read their settings from: the same .env file.
  fs.writeFileSync(
    path.join(work, '.env'),
    [
      `PORT=${port}`,
      'HOST=127.0.0.1',
      'CREDITSCOPE_AUTH=accounts',
      `CREDITSCOPE_DATA_DIR=${path.join(work, 'data')}`,
      `CREDITSCOPE_DEMO_STANDIN_PORT=${standinPort}`,
      '',
    ].join('\n'),
  );
  // In a process group of its own (npm, its shell, node), stopped whole. Only what demo mode needs in its
  // environment: no API_BASE_URL or token of the developer's.
  server = spawn('npm', ['run', 'serve'], {
    cwd: work,
    env: bareEnv(),
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
    console.info(`npm ci --omit=dev took ${installSeconds.toFixed(1)} s`);
    expect(install.stdout + install.stderr).not.toMatch(/EBADENGINE/);
    expect(fs.existsSync(path.join(work, 'node_modules/tsx'))).toBe(false);
    expect(fs.existsSync(path.join(work, 'node_modules/vite'))).toBe(false);
  });

  it('serves /healthz', async () => {
    const response = await fetch(`${origin}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('makes the first admin with `npm run user`, whose welcome link signs them in', async () => {
    const added = await operator('user', ['add', 'root', '--role', 'admin']);
    expect(added.stderr).toBe('');
    const link = new URL(/(\S+\/welcome#token=\S+)/.exec(added.stdout)?.[1] ?? 'about:no-link');
    // The link points at this server (PORT and HOST from the .env the server reads too) and its page is there.
    expect(link.origin).toBe(origin);
    expect((await fetch(link)).status).toBe(200);
    const token = new URLSearchParams(link.hash.slice(1)).get('token');
    expect((await api('/api/_auth/welcome', { body: { token, password: PASSWORD } })).status).toBe(200);

    const signIn = await api('/api/_auth/sign-in', { body: { name: 'root', password: PASSWORD } });
    expect(signIn.status).toBe(200);
    cookie = `creditscope_sid=${/creditscope_sid=([^;]*)/.exec(signIn.headers.get('set-cookie') ?? '')?.[1]}`;
    const me = (await (await api('/api/_auth/me')).json()) as { person: { name: string; role: string } | null };
    expect(me.person).toMatchObject({ name: 'root', role: 'admin' });
    expect((await operator('user', ['list'])).stdout).toMatch(/^root {2}admin {2}no limit of their own$/m);
  });

  it('buys a timeline page from the stand-in, which counts the call', async () => {
    const response = await api(`/api/v1/social/microblog/posts?screen_name=${TAG}`);
    expect(response.status, output).toBe(200);
    expect(response.headers.get('x-creditscope-charged')).toBe('yes');
    const calls = (await (await fetch(`${standin}/_control/log?match=${TAG}`)).json()) as unknown[];
    expect(calls).toHaveLength(1);
  });

  it('`npm run ledger` reads the ledger the server writes', async () => {
    expect((await operator('ledger', ['unknown'])).stdout).toBe('No call with an unknown outcome.\n');
    const rows = (await operator('ledger', ['export'])).stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { type: string; person?: string; params?: { screen_name?: string } });
    expect(rows.filter((row) => row.type === 'call' && row.params?.screen_name === TAG)).toEqual([
      expect.objectContaining({ person: 'root' }),
    ]);
  });

  it('`npm run job` buys a job on the same store, which the server then lists', async () => {
    // Its own built-in stand-in (demo mode), on a port of its own: the server's holds the one in .env.
    const job = await operator('job', ['--handles', 'grace', '--pages', '1', '--out', 'grace.ndjson', '--yes'], {
      CREDITSCOPE_DEMO_STANDIN_PORT: String(await freePort()),
    });
    expect(job.stdout).toContain('Spent 0.1 of 0.1 credits.');
    expect(fs.readFileSync(path.join(work, 'grace.ndjson'), 'utf8').trim().split('\n')).toHaveLength(20);
    const listed = (await (await api('/api/_jobs')).json()) as { jobs: { status: string; spent: string }[] };
    expect(listed.jobs).toEqual([expect.objectContaining({ status: 'done', spent: '0.1' })]);
  });

  it('`npm run watch` adds a watch on the same store and runs it only with --yes', async () => {
    const demo = { CREDITSCOPE_DEMO_STANDIN_PORT: String(await freePort()) };
    // The store holds people (root, above), so the watch is given to one: a watch of nobody's would show nowhere.
    const added = await operator(
      'watch',
      ['add', '--handle', 'grace', '--cap', '1', '--daily', '07:00', '--owner', 'root'],
      demo,
    );
    expect(added.stdout).toContain('daily at 07:00 · at most 0.1 credits a day');
    const id = /^Added (\S+)/.exec(added.stdout)![1]!;
    const ran = await operator('watch', ['run', id, '--yes'], demo);
    expect(ran.stdout).toContain('Run done: 20 new, 1 call(s), 0.1 credits');
    expect((await operator('watch', ['list'], demo)).stdout).toContain(
      `${id}  timeline @grace  owner root  daily at 07:00 (UTC)`,
    );
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

describe('scripts/operator.mjs, which runs the compiled commands', () => {
  it('says to build first where there is no build', async () => {
    const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-unbuilt-'));
    try {
      fs.mkdirSync(path.join(clone, 'scripts'));
      fs.copyFileSync(path.join(ROOT, 'scripts/operator.mjs'), path.join(clone, 'scripts/operator.mjs'));
      const ran = await run(process.execPath, ['scripts/operator.mjs', 'ledger', 'unknown'], { cwd: clone }).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(ran?.code).toBe(1);
      expect(ran?.stderr).toContain(
        'creditscope ledger: dist/server-app/ledger.js is missing. `npm run build` compiles',
      );
    } finally {
      fs.rmSync(clone, { recursive: true, force: true });
    }
  });

  it('in a clone whose source changed after the build, says so and runs the build', async () => {
    // A source file newer than the build, as after an edit or a pull.
    fs.mkdirSync(path.join(work, 'server/identity'), { recursive: true });
    fs.writeFileSync(path.join(work, 'server/identity/cli.ts'), '// changed after the build\n');
    try {
      const listed = await operator('user', ['list']);
      expect(listed.stderr).toContain('warning: server/identity/cli.ts changed after the last `npm run build`');
      expect(listed.stdout).toMatch(/^root {2}admin/m);
    } finally {
      fs.rmSync(path.join(work, 'server'), { recursive: true, force: true });
    }
  });
});
