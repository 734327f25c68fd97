import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoreKind } from '../store/open.ts';
import { startProxyAgainstStandin, TEST_TOKEN, type SessionStateBody } from '../testing/harness.ts';
import { cliRunner } from '../testing/cli-process.ts';
import { learnPrices } from '../testing/jobs.ts';
import { STORE_KINDS } from '../testing/postgres.ts';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** `npm run job -- …` as a script runs it. */
const runCli = cliRunner('server/jobs/cli.ts', cleanup);

describe.each(STORE_KINDS)('npm run job (%s store)', (store: StoreKind) => {
  async function server() {
    const harness = await startProxyAgainstStandin({ CREDIT_LIMIT: '10' }, { store });
    cleanup.push(() => harness.close());
    await learnPrices(harness.api);
    const env = {
      API_BASE_URL: harness.standin.url,
      API_TOKEN: TEST_TOKEN,
      CREDITSCOPE_DATA_DIR: harness.dataDir,
      CREDIT_LIMIT: '10',
      ...(harness.databaseUrl ? { DATABASE_URL: harness.databaseUrl } : {}),
    };
    return { harness, env };
  }

  it('prints the quote and buys nothing without --yes; says what is wrong with bad flags', async () => {
    const { harness, env } = await server();
    const quoted = await runCli(['--handles', 'ada__jcli,grace__jcli', '--searches', 'cli q', '--pages', '2'], env);
    expect(quoted.stderr).toBe('');
    expect(quoted.code).toBe(0);
    expect(quoted.stdout).toContain('Quote: at most 0.6 credits for 5 page(s) to buy');
    // Nothing of these handles archived: no profile says they end sooner.
    expect(quoted.stdout).toContain('Likely: 0.6 credits for 5 page(s)');
    expect(quoted.stdout).toContain('Budget left: 9.7 credits.');
    expect(quoted.stdout).toContain('add --yes to start');
    expect(await harness.upstreamLog('jcli')).toHaveLength(0);
    expect(await harness.upstreamLog('cli q')).toHaveLength(0);

    const bad = await runCli(['--handles', 'ada,not a handle', '--pages', 'x'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--pages must be a whole number, got "x"');
    const unknown = await runCli(['--handle', 'ada'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown option '--handle'/);
    // Rows it could not write would be paid for and lost: a folder that is not there, or a folder as the file.
    for (const out of ['no/such/folder/rows.ndjson', '.']) {
      const unwritable = await runCli(['--handles', 'ada__jcli0', '--pages', '1', '--out', out, '--yes'], env);
      expect([unwritable.code, unwritable.stderr], out).toEqual([1, expect.stringMatching(/Nothing bought\.\n$/)]);
    }
    expect(await harness.upstreamLog('jcli0')).toHaveLength(0);
    const handles = await runCli(['--handles', 'ada,not a handle', '--pages', '0'], env);
    expect(handles.stderr).toContain('"not a handle"');
    expect(handles.stderr).toContain('timeline.pages must be at least 1');
  });

  it("runs the job with --yes on the server's store and writes the rows to the file it names", async () => {
    const { harness, env } = await server();
    const run = await runCli(
      [
        '--handles',
        'ada__jcli2,grace__jcli2',
        '--searches',
        'cli q2',
        '--pages',
        '2',
        '--out',
        'posts.ndjson',
        '--yes',
      ],
      env,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const file = path.join(run.cwd, 'posts.ndjson');
    expect(run.stdout).toContain(`Wrote 90 row(s) to ${file}`);
    expect(run.stdout).toMatch(/progress: 5\/5 pages · 90 posts · 0\.6\/0\.6 credits/);
    const rows = fs
      .readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind: string; purchaseId: string });
    expect(rows).toHaveLength(90);
    expect(rows.filter((row) => row.kind === 'search')).toHaveLength(10);
    expect(await harness.upstreamLog('jcli2')).toHaveLength(4);
    // The same store as the running server: its budget counts what the CLI bought.
    expect((await harness.state<SessionStateBody & { budget: { spentInPeriod: string } }>()).budget.spentInPeriod).toBe(
      '0.9',
    );
    const { jobs } = (await (await harness.api('/api/_jobs')).json()) as { jobs: { status: string; spent: string }[] };
    expect(jobs[0]).toMatchObject({ status: 'done', spent: '0.6' });
  });
});

describe('npm run job in demo mode', () => {
  it('starts the built-in stand-in and writes CSV for a .csv file', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-job-demo-'));
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const run = await runCli(['--handles', 'grace', '--pages', '1', '--out', 'grace.csv', '--yes'], {
      CREDITSCOPE_DATA_DIR: dataDir,
      CREDITSCOPE_DEMO_STANDIN_PORT: String(20_000 + Math.floor(Math.random() * 20_000)),
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = fs.readFileSync(path.join(run.cwd, 'grace.csv'), 'utf8').split('\r\n').filter(Boolean);
    expect(lines[0]).toMatch(/^job,item,kind,subject,page,purchase_id/);
    expect(run.stdout).toContain('Spent 0.1 of 0.1 credits.');
    expect(run.stdout).toContain('Wrote 20 row(s)');
  });
});
