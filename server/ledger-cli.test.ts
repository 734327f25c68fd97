import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cliRunner } from './testing/cli-process.ts';

const TSX = path.resolve('node_modules/tsx/dist/loader.mjs');

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const ledger = cliRunner('server/ledger-cli.ts', cleanup);

describe('npm run ledger', () => {
  it('refuses a word it does not know, or a data folder with no ledger, before opening a store: no flag rides along on clear-unknown', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-ledger-cli-')), 'not-yet');
    cleanup.push(() => fs.rmSync(path.dirname(dataDir), { recursive: true, force: true }));
    const env = { CREDITSCOPE_DATA_DIR: dataDir };
    const cases: [string[], string][] = [
      [['clear-unknown', '--dry-run'], 'clear-unknown takes no arguments, got "--dry-run"'],
      [['export', '--since', '2026-11-29'], 'export takes no arguments, got "--since"'],
      [['bogus'], 'unknown command "bogus"'],
    ];
    for (const [args, problem] of cases) {
      const refused = await ledger(args, env);
      expect([refused.code, refused.stderr.split('\n')[0]], args.join(' ')).toEqual([
        2,
        `creditscope ledger: ${problem}`,
      ]);
      expect(refused.stderr).toContain('usage: npm run ledger -- <command>');
    }
    const nothing = await ledger(['unknown'], env);
    expect([nothing.code, nothing.stderr]).toEqual([
      1,
      `creditscope ledger: no ledger in ${dataDir}: check CREDITSCOPE_DATA_DIR (nothing was created there)\n`,
    ]);
    const help = await ledger(['--help'], env);
    expect([help.code, help.stdout]).toEqual([0, expect.stringContaining('clear-unknown    release those calls')]);
    // None of them made a store where the data folder was mistyped.
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('says in one line, with no stack trace, that its output was closed early (`| head`)', async () => {
    const child = spawn(process.execPath, ['--import', TSX, 'server/ledger-cli.ts', '--help'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Closed before it writes, as `| true` or a `head` that has had enough closes it.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect([code, stderr]).toEqual([1, 'creditscope ledger: the output was closed before everything was written\n']);
  });
});
