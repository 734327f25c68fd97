import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { createInterface } from 'node:readline';

export interface LoggedCall {
  at: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/** A plain Node HTTP call: the simulated browser's fetch would refuse the stand-in's other origin. */
function call(url: string, method = 'GET', body?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve(text));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Points the simulated browser (happy-dom) at the proxy, so the app's relative /api/… requests reach it. */
export function openAt(origin: string) {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/`);
}

/** Starts server/testing/harness-process.ts and hands back its addresses and the stand-in's control API. */
export async function startHarnessProcess(env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/testing/harness-process.ts'], {
    env: { ...process.env, HARNESS_ENV: JSON.stringify(env) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`harness process exited with ${code}`)));
  });
  const { origin, standin } = JSON.parse(line) as { origin: string; standin: string };
  return {
    origin,
    log: async (match?: string) =>
      JSON.parse(
        await call(`${standin}/_control/log${match ? `?match=${encodeURIComponent(match)}` : ''}`),
      ) as LoggedCall[],
    fault: (rule: object) => call(`${standin}/_control/faults`, 'POST', JSON.stringify(rule)),
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.stdin!.end();
      }),
  };
}
