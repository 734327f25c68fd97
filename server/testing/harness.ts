import { createServer } from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../config.ts';
import { createApiHandler } from '../proxy/handler.ts';
import { startStandin } from '../standin/server.ts';

export const TEST_TOKEN = 'test-token-3f9a7c1e5b2d4f60-never-in-the-browser';

/** The real proxy over real HTTP in front of a real stand-in: what the Vitest proxy suites run against. */
export async function startProxyAgainstStandin(env: Record<string, string> = {}) {
  const standin = await startStandin({ token: TEST_TOKEN, port: 0 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-test-'));
  const config = loadConfig({ API_BASE_URL: standin.url, API_TOKEN: TEST_TOKEN, CREDITSCOPE_DATA_DIR: dataDir, ...env });
  const handler = await createApiHandler(config);
  const server = createServer((request, response) => {
    void handler.handle(request, response).then((handled) => {
      if (!handled) response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>app</title>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin, standin, dataDir, config,
    /** A same-origin call the way the app makes it. */
    api: (pathname: string, init: RequestInit = {}) =>
      fetch(`${origin}${pathname}`, { ...init, headers: { 'x-creditscope-client': '1', ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.headers as Record<string, string>) } }),
    upstreamLog: async (match?: string) =>
      (await (await fetch(`${standin.url}/_control/log${match ? `?match=${encodeURIComponent(match)}` : ''}`)).json()) as { path: string; query: Record<string, string>; body: unknown; authorization: string | null; cookie: string | null }[],
    fault: (rule: object) => fetch(`${standin.url}/_control/faults`, { method: 'POST', body: JSON.stringify(rule) }),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await handler.close();
      await standin.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type ProxyHarness = Awaited<ReturnType<typeof startProxyAgainstStandin>>;
