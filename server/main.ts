/**
 * `npm start`: the production server. The one server app (server/app.ts: Fastify, the same hooks and /api
 * routes as `npm run dev`) serving the build: precompressed, cached, with security headers and server
 * rendering. Why Fastify: @fastify/static serves the `.br`/`.gz` copies with ETag and `Vary`, every /api
 * route is a route with its schema, pino writes one JSON line per event, and `close()` stops accepting and
 * drains in-flight requests, which is what graceful shutdown needs.
 *
 *   node --import tsx server/main.ts [--port 4173] [--host 127.0.0.1] [--outDir dist]
 */
import { loadConfig } from './config.ts';
import { createApiHandler, type ApiHandler } from './proxy/handler.ts';
import { installShutdown, refuseToStart, startupMessage } from './http/lifecycle.ts';
import { loadEnvFiles, readOptions } from './http/options.ts';
import { createProductionServer } from './http/production.ts';

async function main() {
  const env = loadEnvFiles(process.cwd());
  let options: ReturnType<typeof readOptions> = { port: 4173, host: '127.0.0.1', dist: 'dist', serverRendering: true };
  let handler: ApiHandler | null = null;
  try {
    options = readOptions(process.argv.slice(2), env);
    const config = loadConfig(env);
    // The store first (and the demo stand-in): one that cannot be opened stops the server before it listens.
    handler = await createApiHandler(config);
    const server = await createProductionServer({
      dist: options.dist,
      config,
      handler,
      serverRendering: options.serverRendering,
    });
    server.app.log.info(handler.describe());
    const { dist } = options;
    await server.app.listen({
      port: options.port,
      host: options.host,
      listenTextResolver: (url) => `creditscope: serving ${dist} at ${url}/`,
    });
    const api = handler;
    installShutdown(server, () => api.close(), config.timeoutMs);
  } catch (error) {
    await handler?.close().catch(() => undefined);
    refuseToStart(startupMessage(error, options.port, options.host));
  }
}

void main();
