import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStandin } from '../standin/server.ts';
import { Ledger } from './ledger.ts';

const TOKEN = 'kill-test-token-5c2e9b7a01d4';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const moduleUrl = (relative: string) => pathToFileURL(path.join(repoRoot, relative)).href;

/** The real proxy in its own process, so it can be killed like a crashed server. */
const CHILD_SCRIPT = `
import { createServer } from 'node:http';
import { loadConfig } from '${moduleUrl('server/config.ts')}';
import { createApiHandler } from '${moduleUrl('server/proxy/handler.ts')}';
const config = loadConfig({ API_BASE_URL: process.env.KILL_UPSTREAM, API_TOKEN: process.env.KILL_TOKEN, CREDITSCOPE_DATA_DIR: process.env.KILL_DATA_DIR });
const handler = await createApiHandler(config);
const server = createServer((request, response) => {
  void handler.handle(request, response).then((handled) => { if (!handled) response.writeHead(404).end(); });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(JSON.stringify({ port: server.address().port }) + '\\n'));
`;

let standin: Awaited<ReturnType<typeof startStandin>>;
let workDir: string;
let scriptPath: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  standin = await startStandin({ token: TOKEN, port: 0 });
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-kill-'));
  scriptPath = path.join(workDir, 'proxy-child.mts');
  fs.writeFileSync(scriptPath, CHILD_SCRIPT);
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await standin.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

/** Starts the proxy child on `dataDir` and resolves with its origin once it listens. */
function startChild(dataDir: string): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', scriptPath], {
    cwd: repoRoot,
    env: { ...process.env, KILL_UPSTREAM: standin.url, KILL_TOKEN: TOKEN, KILL_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line) resolve({ child, origin: `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}` });
    });
    child.stderr!.on('data', (chunk: Buffer) => { err += chunk.toString(); });
    child.on('exit', (code) => reject(new Error(`proxy child exited early (${code}): ${err}`)));
  });
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => {
  if (child.exitCode !== null || child.signalCode !== null) resolve();
  else child.once('exit', () => resolve());
});

it('SIGKILL mid-way loses no call that was answered with 200, and a restart serves them all', async () => {
  const dataDir = path.join(workDir, 'data');
  const { child, origin } = await startChild(dataDir);
  const answered = new Set<string>();
  let failedAfterKill = 0;
  let next = 0;
  const TOTAL = 2000;
  const KILL_AFTER = 300;

  async function worker() {
    while (next < TOTAL) {
      const index = next++;
      try {
        const response = await fetch(`${origin}/api/v1/social/microblog/posts?screen_name=ada__kill${index}`, { headers: { 'x-creditscope-client': '1' } });
        await response.arrayBuffer();
        const id = response.headers.get('x-creditscope-call-id');
        if (response.status === 200 && id) answered.add(id);
        if (answered.size === KILL_AFTER) child.kill('SIGKILL');
      } catch {
        failedAfterKill += 1;
      }
    }
  }
  await Promise.all(Array.from({ length: 20 }, worker));
  await exited(child);
  expect(child.signalCode).toBe('SIGKILL');
  // The kill really happened mid-way: calls were still being made when it came.
  expect(failedAfterKill).toBeGreaterThan(0);
  expect(answered.size).toBeGreaterThanOrEqual(KILL_AFTER);
  expect(answered.size).toBeLessThan(TOTAL);

  // Every answered call is in the file, read the way the ledger reads it after a crash.
  const reopened = new Ledger(dataDir);
  const inLedger = new Set(reopened.rows().map((row) => row.id));
  reopened.close();
  expect([...answered].filter((id) => !inLedger.has(id))).toEqual([]);
  // And nothing was recorded as answered that the upstream did not answer (journalled, unsettled calls
  // read back as "outcome unknown": the kill may have come before or after they were sent).
  const upstreamCalls = ((await (await fetch(`${standin.url}/_control/log?match=ada__kill`)).json()) as unknown[]).length;
  const settledRows = new Ledger(dataDir);
  expect(settledRows.rows().filter((row) => row.charged !== 'unknown').length).toBeLessThanOrEqual(upstreamCalls);
  settledRows.close();

  // Started again on the same folder, the proxy serves every one of those rows.
  const restarted = await startChild(dataDir);
  const state = (await (await fetch(`${restarted.origin}/api/_session`, { headers: { 'x-creditscope-client': '1' } })).json()) as { session: { calls: number; total: string }; rows: { id: string }[] };
  const served = new Set(state.rows.map((row) => row.id));
  expect([...answered].filter((id) => !served.has(id))).toEqual([]);
  expect(state.session.calls).toBe(inLedger.size);
  restarted.child.kill('SIGTERM');
  await exited(restarted.child);
}, 60_000);

it('kill -9 during 50 concurrent paid calls, five rounds: every call the upstream saw has a ledger entry after restart', async () => {
  const dataDir = path.join(workDir, 'rounds');
  for (let round = 0; round < 5; round += 1) {
    const { child, origin } = await startChild(dataDir);
    const prefix = `ada__round${round}x`;
    const calls = Array.from({ length: 50 }, (_, index) =>
      fetch(`${origin}/api/v1/social/microblog/posts?screen_name=${prefix}${index}`, { headers: { 'x-creditscope-client': '1' } })
        .then((response) => response.arrayBuffer()).catch(() => null));
    // Killed while the calls are on their way: some answered, some at the upstream, some not yet sent.
    await new Promise<void>((resolve) => {
      const poll = setInterval(async () => {
        const seen = ((await (await fetch(`${standin.url}/_control/log?match=${prefix}`)).json()) as unknown[]).length;
        if (seen >= 10) { clearInterval(poll); resolve(); }
      }, 5);
    });
    child.kill('SIGKILL');
    await Promise.all(calls);
    await exited(child);

    const seenUpstream = ((await (await fetch(`${standin.url}/_control/log?match=${prefix}`)).json()) as { query: Record<string, string> }[])
      .map((call) => call.query.screen_name);
    const reopened = new Ledger(dataDir);
    const recorded = new Set(reopened.rows().map((row) => String(row.params.screen_name)));
    reopened.close();
    expect(seenUpstream.length).toBeGreaterThan(0);
    expect(seenUpstream.filter((name) => !recorded.has(name!))).toEqual([]);
  }
}, 90_000);
