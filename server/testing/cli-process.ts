import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSX = pathToFileURL(path.join(repoRoot, 'node_modules/tsx/dist/loader.mjs')).href;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The folder it ran in: where a file it was told to write (`--out name`) lands. */
  cwd: string;
}

/**
 * One of the repo's commands (`npm run job`, `user`, `watch`: `cliFile` from the repo's root, e.g.
 * `server/jobs/cli.ts`) as a script runs it: its own process, in a folder of its own (no .env files), with only the
 * environment given. Each folder is removed by the test's `cleanup` steps.
 */
export function cliRunner(cliFile: string, cleanup: (() => Promise<void> | void)[]) {
  const cli = path.join(repoRoot, cliFile);
  const prefix = `creditscope-${path.basename(path.dirname(cli))}-cli-`;
  return (args: string[], env: Record<string, string>): Promise<CliResult> => {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    cleanup.push(() => fs.rmSync(cwd, { recursive: true, force: true }));
    const child = spawn(process.execPath, ['--import', TSX, cli, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: cwd, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr, cwd })));
  };
}
