import type { AddressInfo } from 'node:net';
import type { Connect, Plugin } from 'vite';
import { loadConfig } from '../config.ts';
import { createApiHandler, StartupError, type ApiHandler } from './handler.ts';

type HttpServer = {
  once(event: 'close' | 'listening', listener: () => void): unknown;
  address(): AddressInfo | string | null;
} | null;

/** Stops the server before it prints its address, with one line that says what to fix. */
function refuseToStart(error: unknown): never {
  console.error(
    `creditscope cannot start: ${error instanceof StartupError ? error.message : ((error as Error).stack ?? String(error))}`,
  );
  process.exit(1);
}

/**
 * The token proxy, mounted in both `vite` and `vite preview` so the two behave the same.
 * The handler is created once per server; the token never leaves this process.
 */
export function creditscopeApi(env: Record<string, string | undefined>): Plugin {
  const config = loadConfig(env);
  let handler: Promise<ApiHandler> | null = null;

  // Awaited by Vite before it listens: a ledger that cannot be opened never gets a URL printed.
  async function install(middlewares: Connect.Server, httpServer: HttpServer, log: (message: string) => void) {
    handler ??= createApiHandler(config).then((created) => {
      log(created.describe());
      return created;
    });
    const ready = handler;
    await ready.catch(refuseToStart);
    httpServer?.once('listening', () => {
      const address = httpServer.address();
      if (address && typeof address === 'object')
        void ready.then((created) => created.listeningAt(`http://${address.address}:${address.port}`));
    });
    httpServer?.once('close', () => {
      void ready.then((created) => created.close());
    });
    middlewares.use((request, response, next) => {
      ready
        .then((created) => created.handle(request, response))
        .then((handled) => {
          if (!handled) next();
        }, next);
    });
  }

  return {
    name: 'creditscope-api',
    configureServer: (server) =>
      install(server.middlewares, server.httpServer, (message) => server.config.logger.info(message)),
    configurePreviewServer: (server) =>
      install(server.middlewares, server.httpServer, (message) => server.config.logger.info(message)),
  };
}
