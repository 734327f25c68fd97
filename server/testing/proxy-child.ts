import type { AddressInfo } from 'node:net';
import { loadConfig } from '../config.ts';
import { createApiHandler } from '../proxy/handler.ts';
import { listenOnTestBuild } from './app-host.ts';

/**
 * The real proxy alone in a process, configured only by PROXY_CHILD_ENV (JSON): a second (or third)
 * server process on a shared store, pointed at an upstream the test owns, served by the server app over a
 * one-file build, as `npm start` serves it (/healthz included).
 * Prints one JSON line with its port once it listens; stops when its parent closes stdin, or after ten
 * minutes at most.
 */
const config = loadConfig(JSON.parse(process.env.PROXY_CHILD_ENV ?? '{}') as Record<string, string>);
const handler = await createApiHandler(config);
const server = await listenOnTestBuild(config, handler);
process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  server.closeAllConnections();
  server.close();
  void handler.close().finally(() => process.exit(0));
};
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
setTimeout(stop, 10 * 60_000).unref();
