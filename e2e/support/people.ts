import { execFile } from 'node:child_process';
import http from 'node:http';
import { promisify } from 'node:util';
import { asClientSends } from '../../server/testing/client-headers.ts';

const run = promisify(execFile);

/**
 * `npm run user -- …` as an admin types it, in a child process on the same store as the running server (the
 * environment names it). Returns what it printed.
 */
export async function userCli(args: string[], env: Record<string, string>): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'user', '--', ...args], {
    env: { ...process.env, ...env },
    timeout: 60_000,
  });
  return stdout;
}

/** The welcome link `add` and `reset` print. */
export function welcomeLink(output: string): string {
  const link = /(\S+\/welcome#token=\S+)/.exec(output)?.[1];
  if (!link) throw new Error(`no welcome link in: ${output}`);
  return link;
}

/** The key `key` prints once, as the Authorization header's value. */
export function bearer(output: string): string {
  const value = /Authorization: (Bearer \S+)/.exec(output)?.[1];
  if (!value) throw new Error(`no key in: ${output}`);
  return value;
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  json: unknown;
}

/**
 * A request to 127.0.0.1:port under another host name (the `Host` header is the name a team's DNS would give), as
 * the app's pages send it (the client header and `Sec-Fetch-Site: same-origin`), or, carrying a key
 * (`authorization: Bearer …`), as a script sends it: that header alone (server/testing/client-headers.ts).
 */
export function hostRequest(
  port: number,
  host: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: init.method ?? 'GET',
        headers: {
          host: `${host}:${port}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...asClientSends(init.headers, {
            'sec-fetch-site': 'same-origin',
            ...(body === undefined ? {} : { origin: `http://${host}:${port}` }),
          }),
        },
        timeout: 30_000,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {
            json = text;
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, json });
        });
      },
    );
    request.on('error', reject);
    request.on('timeout', () => request.destroy(new Error(`${path} did not answer within 30 s`)));
    request.end(body);
  });
}

export const errorKind = (answer: Answer) => (answer.json as { error?: { kind?: string } } | null)?.error?.kind;
