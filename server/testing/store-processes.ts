import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_TOKEN, type SessionStateBody } from './harness.ts';
import { asClientSends } from './client-headers.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CHILD = path.join(repoRoot, 'server/testing/proxy-child.ts');

export interface ClientResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json<T = unknown>(): T;
}

/**
 * A plain HTTP client with a connection pool of its own and nothing else: a second browser shares
 * no socket, cookie or cache with the first.
 */
export function httpClient(origin: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  function request(
    method: string,
    pathname: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<ClientResponse> {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    return new Promise((resolve, reject) => {
      const outgoing = http.request(
        `${origin}${pathname}`,
        {
          method,
          agent,
          headers: asClientSends({
            ...(body ? { 'content-type': 'application/json' } : {}),
            ...options.headers,
          }),
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({
              status: incoming.statusCode ?? 0,
              headers: incoming.headers,
              text,
              json: <T>() => JSON.parse(text) as T,
            });
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }
  return {
    get: (pathname: string, headers: Record<string, string> = {}) => request('GET', pathname, { headers }),
    post: (pathname: string, body: unknown, headers: Record<string, string> = {}) =>
      request('POST', pathname, { body, headers }),
    close: () => agent.destroy(),
  };
}

export type HttpClient = ReturnType<typeof httpClient>;

export interface ProxyProcess {
  child: ChildProcess;
  origin: string;
  client: HttpClient;
  state(): Promise<SessionStateBody & { budget: { spentInPeriod: string } }>;
  /** What the process has written to stderr: a crash's reason. */
  output(): string;
  stop(): Promise<void>;
}

const exited = (child: ChildProcess, withinMs: number) =>
  new Promise<boolean>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(true);
    const timer = setTimeout(() => resolve(false), withinMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

/** The real proxy in a process of its own (`node --import tsx`), on `store`, in front of `upstream`. */
export function startProxyProcess(
  store: { dataDir: string; databaseUrl: string | null },
  upstream: string,
  env: Record<string, string> = {},
): Promise<ProxyProcess> {
  const childEnv = {
    API_BASE_URL: upstream,
    API_TOKEN: TEST_TOKEN,
    CREDITSCOPE_DATA_DIR: store.dataDir,
    ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
    ...env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: repoRoot,
    env: { ...process.env, PROXY_CHILD_ENV: JSON.stringify(childEnv) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    let listening = false;
    const early = (code: number | null) =>
      reject(new Error(`proxy process exited before listening (${code}): ${err.trim()}`));
    child.once('exit', early);
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      if (listening) return;
      out += chunk.toString();
      const line = out.split('\n').find((candidate) => candidate.startsWith('{'));
      if (!line) return;
      listening = true;
      child.off('exit', early);
      const origin = `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`;
      const client = httpClient(origin);
      resolve({
        child,
        origin,
        client,
        state: async () => (await client.get('/api/_session')).json(),
        output: () => err,
        stop: async () => {
          client.close();
          child.stdin!.end();
          if (!(await exited(child, 10_000))) {
            child.kill('SIGKILL');
            await exited(child, 5_000);
          }
        },
      });
    });
  });
}

/** A proxy process's API as the harness's `api` is: fetch with the app's own header (and JSON's type for a body). */
export const apiOf =
  (proxy: { origin: string }) =>
  (pathname: string, init: RequestInit = {}) =>
    fetch(`${proxy.origin}${pathname}`, {
      ...init,
      headers: asClientSends(init.body ? { 'content-type': 'application/json' } : {}),
    });
