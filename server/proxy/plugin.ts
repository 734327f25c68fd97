import type { Connect, Plugin } from 'vite';
import { loadConfig } from '../config.ts';
import { createApiHandler, type ApiHandler } from './handler.ts';

/**
 * The token proxy, mounted in both `vite` and `vite preview` so the two behave the same.
 * The handler is created once per server; the token never leaves this process.
 */
export function creditscopeApi(env: Record<string, string | undefined>): Plugin {
  const config = loadConfig(env);
  let handler: Promise<ApiHandler> | null = null;

  function install(middlewares: Connect.Server, httpServer: { once(event: 'close', listener: () => void): unknown } | null, log: (message: string) => void) {
    handler ??= createApiHandler(config).then((created) => { log(created.describe()); return created; });
    const ready = handler;
    httpServer?.once('close', () => { void ready.then((created) => created.close()); });
    middlewares.use((request, response, next) => {
      ready.then((created) => created.handle(request, response)).then((handled) => { if (!handled) next(); }, next);
    });
  }

  return {
    name: 'creditscope-api',
    configureServer(server) { install(server.middlewares, server.httpServer, (message) => server.config.logger.info(message)); },
    configurePreviewServer(server) { install(server.middlewares, server.httpServer, (message) => server.config.logger.info(message)); },
  };
}
