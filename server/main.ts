/**
 * `npm start`: the production server. The one server app (server/app.ts: Fastify, the same hooks and /api
 * routes as `npm run dev`) serving the build: precompressed, cached, with security headers and server
 * rendering. Why Fastify: @fastify/static serves the `.br`/`.gz` copies with ETag and `Vary`, every /api
 * route is a route with its schema, pino writes one JSON line per event, and `close()` stops accepting and
 * drains in-flight requests, which is what graceful shutdown needs.
 *
 *   npm run serve -- [--port 4173] [--host 127.0.0.1] [--outDir dist]
 *
 * `npm run build` compiles it to dist/server-app/main.js (vite.server.config.ts), which `npm run serve` runs;
 * `node --import tsx server/main.ts` runs it from source, as tests that exercise the source do.
 */
import { loadEnvFiles } from './http/options.ts';
import { startTracing } from './observe/tracing.ts';

const env = loadEnvFiles(process.cwd());
// Traces (OTEL_EXPORTER_OTLP_ENDPOINT) start before the server's modules load, so pg and Node's HTTP client
// are instrumented: the server's modules are imported after it.
const tracing = await startTracing(env);
const { startServer } = await import('./http/lifecycle.ts');
const { createProductionServer } = await import('./http/production.ts');

void startServer({
  env,
  defaultPort: 4173,
  createServer: async (config, handler, options) => {
    const server = await createProductionServer({
      dist: options.dist,
      config,
      handler,
      serverRendering: options.serverRendering,
    });
    // The last spans are sent as the server stops.
    if (tracing) server.app.addHook('onClose', () => tracing.shutdown());
    return server;
  },
  listenText: (url, options) => `creditscope: serving ${options.dist} at ${url}/`,
});
