import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test.ts';
import { startStandin } from '../server/standin/server.ts';
import { freePort } from '../server/testing/free-port.ts';
import { standin } from './support/standin.ts';
import {
  backgrounded,
  envLines,
  fencedBlocks,
  promisedOutput,
  readmeSection,
  shellCommands,
} from './support/readme-commands.ts';

/**
 * The README's "Team server" section, run as printed (#34.5): its `.env.local` block is the environment, and each
 * shell line runs in order under bash in the project, against the production server (`npm run serve`, the build
 * `npm run test:e2e` made) in accounts mode on a loopback port, with the stand-in as the upstream. Only what the
 * reader is told to replace is replaced: the public address and port, the upstream's address and token, `<key>` (the
 * key the line before printed) and `<metrics-token>`. Each line must exit 0 and print what its `# →` comment says.
 */
const SECTION = '## Team server';
const TOKEN = 'readme-upstream-token-5e1f';
const METRICS_TOKEN = 'readme-metrics-token-93c2a7d1';

interface Run {
  command: string;
  status: number | null;
  output: string;
}

/** Runs one line under bash, as a reader's shell would, and collects what it prints. */
function runLine(command: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', command], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (status) => resolve({ command, status, output }));
  });
}

/** A `… &` line: the server it starts, in a process group of its own so the test can stop it as an operator would. */
class Background {
  private output = '';
  private readonly child: ChildProcess;
  constructor(command: string, env: NodeJS.ProcessEnv) {
    this.child = spawn('bash', ['-c', command], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    for (const stream of [this.child.stdout!, this.child.stderr!])
      stream.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
  }
  /** Started once `/healthz` answers (free: no upstream call, no store query). */
  async started(origin: string): Promise<void> {
    for (let tries = 0; tries < 300; tries++) {
      if (this.child.exitCode !== null) throw new Error(`the server exited: ${this.output.slice(-1200)}`);
      if (
        await fetch(`${origin}/healthz`).then(
          (response) => response.ok,
          () => false,
        )
      )
        return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the server did not start: ${this.output.slice(-1200)}`);
  }
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    process.kill(-this.child.pid!, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  }
}

/** An OTLP/HTTP receiver standing in for a collector: what the server exports, by path. */
async function collector(port: number) {
  const received: string[] = [];
  const server = http.createServer((request, response) => {
    received.push(`${request.method} ${request.url}`);
    request.resume().on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { received, close: () => new Promise((resolve) => server.close(resolve)) };
}

test('the README\'s "Team server" commands work as printed', async () => {
  test.setTimeout(180_000);
  const [port, collectorPort] = [await freePort(), await freePort()];
  const origin = `http://127.0.0.1:${port}`;
  const upstream = await startStandin({ token: TOKEN, port: await freePort(), host: '127.0.0.1' });
  const traces = await collector(collectorPort);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-readme-'));
  const blocks = fencedBlocks(readmeSection(SECTION));
  let key: string | null = null;

  /** The reader's own values, and only those. */
  const asRun = (line: string) => {
    const replaced = line
      .replaceAll('https://creditscope.example', origin)
      .replaceAll('https://api.example.com', upstream.url)
      .replaceAll('<your upstream token>', TOKEN)
      .replaceAll('--port 4173', `--port ${port}`)
      .replaceAll('127.0.0.1:4173', `127.0.0.1:${port}`)
      .replaceAll('127.0.0.1:4318', `127.0.0.1:${collectorPort}`)
      .replaceAll('<metrics-token>', METRICS_TOKEN)
      .replaceAll('<key>', () => {
        if (!key) throw new Error(`"${line}" needs a key, and no line before it printed one`);
        return key;
      });
    const left = /<[a-z][\w -]*>/.exec(replaced.replace(/#.*$/, ''));
    if (left) throw new Error(`"${line}": the test does not know what to put for ${left[0]}`);
    return replaced;
  };

  const envFile = blocks.find((block) => block.lang === 'ini');
  expect(envFile, 'the section shows .env.local').toBeTruthy();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Nothing of this machine's own settings: the store is a new one, the port the line says.
    DATABASE_URL: '',
    PORT: '',
    HOST: '',
    CREDITSCOPE_DATA_DIR: dataDir,
    // Spans are exported in batches (5 s by default): sooner, so the test need not wait.
    OTEL_BSP_SCHEDULE_DELAY: '200',
    ...Object.fromEntries(envLines(envFile!.body).map(([name, value]) => [name, asRun(value)])),
  };

  const lines = blocks.filter((block) => block.lang === 'bash').flatMap((block) => shellCommands(block.body));
  expect(lines.length).toBeGreaterThan(5);
  let server: Background | null = null;
  const paidLine = lines.find((line) => line.includes('/api/v1/'));
  const adaCalls = async () => (await standin(upstream.port).log('screen_name')).length;
  try {
    for (const line of lines) {
      const command = asRun(line);
      const inBackground = backgrounded(command);
      if (inBackground) {
        // A server started again on the same port: the one before stops first, as the reader would stop it.
        await server?.stop();
        server = new Background(inBackground, env);
        await server.started(origin);
        continue;
      }
      const run = await runLine(command, env);
      expect.soft(run.status, `${line}\n${run.output}`).toBe(0);
      const promised = promisedOutput(line);
      if (promised) expect.soft(run.output, line).toContain(promised);
      key = /Authorization: Bearer (\S+)/.exec(run.output)?.[1] ?? key;
      if (line === paidLine) {
        // The key's paid line bought Ada's page once, from the upstream the server is configured with.
        expect(await adaCalls(), run.output).toBe(1);
        // "asked again, it is served from the archive for 0 credits"
        expect((await runLine(command, env)).status).toBe(0);
        expect(await adaCalls()).toBe(1);
      }
    }
    expect(paidLine, 'a line spends with a key').toBeTruthy();
    // The last server started with OTEL_EXPORTER_OTLP_ENDPOINT: its requests reached the collector as traces.
    await expect.poll(() => traces.received, { timeout: 15_000 }).toContain('POST /v1/traces');
  } finally {
    await server?.stop();
    await upstream.close();
    await traces.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
