import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { createProductionServer } from '../http/production.ts';
import { createApiHandler } from '../proxy/handler.ts';

/**
 * The real proxy alone in a process, configured only by PROXY_CHILD_ENV (JSON): a second (or third)
 * server process on a shared store, pointed at an upstream the test owns. With PROXY_CHILD_HOST=production
 * it is mounted by the production server (Fastify, /healthz) over a one-file build, as `npm start` mounts it.
 * Prints one JSON line with its port once it listens; stops when its parent closes stdin, or after ten
 * minutes at most.
 */
const config = loadConfig(JSON.parse(process.env.PROXY_CHILD_ENV ?? '{}') as Record<string, string>);
const handler = await createApiHandler(config);
let dist: string | null = null;
let server: Server;
if (process.env.PROXY_CHILD_HOST === 'production') {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-child-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  const production = await createProductionServer({ dist, config, handler, quiet: true });
  await production.app.listen({ port: 0, host: '127.0.0.1' });
  server = production.app.server;
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
} else {
  server = createServer((request, response) => {
    void handler.handle(request, response).then((handled) => {
      if (!handled) response.writeHead(404).end();
    });
  });
  server.listen(0, '127.0.0.1', () =>
    process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`),
  );
}
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  server.closeAllConnections();
  server.close();
  if (dist) fs.rmSync(dist, { recursive: true, force: true });
  void handler.close().finally(() => process.exit(0));
};
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
setTimeout(stop, 10 * 60_000).unref();
