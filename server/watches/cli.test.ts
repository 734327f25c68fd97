import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Watch } from '../../src/contract/watches.ts';
import { startProxyAgainstStandin, TEST_TOKEN } from '../testing/harness.ts';
import { learnPrices } from '../testing/jobs.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = path.join(repoRoot, 'server/watches/cli.ts');
const TSX = pathToFileURL(path.join(repoRoot, 'node_modules/tsx/dist/loader.mjs')).href;

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** `npm run watch -- …` as a script runs it: its own process and folder, with only the environment given. */
function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-watch-cli-'));
  cleanup.push(() => fs.rmSync(cwd, { recursive: true, force: true }));
  const child = spawn(process.execPath, ['--import', TSX, CLI, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: cwd, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('npm run watch (#37)', () => {
  it('adds, lists, prices and runs (only with --yes) and pauses a watch on the server’s store', async () => {
    const harness = await startProxyAgainstStandin();
    cleanup.push(() => harness.close());
    await learnPrices(harness.api);
    const env = { API_BASE_URL: harness.standin.url, API_TOKEN: TEST_TOKEN, CREDITSCOPE_DATA_DIR: harness.dataDir };

    const added = await runCli(['add', '--handle', 'grace__wcli', '--cap', '1', '--every', '1h'], env);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('hourly · at most 1 credit a day');
    const id = /^Added (\S+)/.exec(added.stdout)![1]!;

    const listed = await runCli(['list'], env);
    expect(listed.stdout).toContain(`${id}  timeline @grace__wcli  hourly (UTC)  cap 1/day`);

    const priced = await runCli(['run', id], env);
    expect(priced.stdout).toContain('costs at most 0.1 credits');
    expect(priced.stdout).toContain('Nothing bought: add --yes');
    expect(await harness.upstreamLog('grace__wcli')).toHaveLength(0);

    const ran = await runCli(['run', id, '--yes'], env);
    expect(ran.stderr).toBe('');
    expect(ran.stdout).toContain('Run done: 20 new, 1 call(s), 0.1 credits');
    expect(await harness.upstreamLog('grace__wcli')).toHaveLength(1);

    const paused = await runCli(['pause', id], env);
    expect(paused.stdout).toContain('paused');
    const { watches } = (await (await harness.api('/api/_watches')).json()) as { watches: Watch[] };
    expect(watches[0]).toMatchObject({ id, paused: true, nextRunAt: null, lastRun: { newItems: 20, trigger: 'now' } });

    const bad = await runCli(['add', '--cap', '1'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('add needs --handle or --search');
    const badCap = await runCli(['add', '--search', 'x', '--cap', '1e3'], env);
    expect(badCap.code).toBe(2);
    expect(badCap.stderr).toContain('cap.credits');
  });
});
