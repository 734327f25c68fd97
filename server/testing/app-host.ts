import fs from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../config.ts';
import { createProductionServer, type REQUEST_TIMEOUTS } from '../http/production.ts';
import type { ApiHandler } from '../proxy/handler.ts';

/**
 * The real server app (server/app.ts, as `npm start` runs it) over a one-file build, listening on a free
 * loopback port: what the tests reach the API through, over real HTTP. Its build is removed when it closes.
 */
export async function listenOnTestBuild(
  config: AppConfig,
  handler: ApiHandler,
  requestTimeouts?: typeof REQUEST_TIMEOUTS,
  isLocalPeer?: (address: string | undefined) => boolean,
): Promise<Server> {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-test-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  const production = await createProductionServer({ dist, config, handler, quiet: true, requestTimeouts, isLocalPeer });
  await production.app.listen({ port: 0, host: '127.0.0.1' });
  production.app.server.once('close', () => fs.rmSync(dist, { recursive: true, force: true }));
  return production.app.server;
}
