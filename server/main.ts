/**
 * `npm start`: the production server. Fastify serves the build (precompressed, cached, with security
 * headers) and mounts the same framework-neutral API handler that the Vite plugin mounts under `vite`
 * and `vite preview` (server/proxy/handler.ts). Why Fastify: it runs on Node's own request and response
 * (the handler is mounted as is, through `reply.hijack()`), @fastify/static serves the `.br`/`.gz`
 * copies with ETag and `Vary`, pino writes one JSON line per event, and `close()` stops accepting and
 * drains in-flight requests, which is what graceful shutdown needs.
 *
 *   npm run serve -- [--port 4173] [--host 127.0.0.1] [--outDir dist]
 *
 * `npm run build` compiles it to dist/server-app/main.js (vite.server.config.ts), which `npm run serve` runs;
 * `node --import tsx server/main.ts` runs it from source, as tests that exercise the source do.
 */
import { ConfigError, loadConfig } from './config.ts';
import { createApiHandler, StartupError, type ApiHandler } from './proxy/handler.ts';
import { loadEnvFiles, OptionsError, readOptions } from './http/options.ts';
import { createProductionServer, type ProductionServer } from './http/production.ts';

/** Waiting for in-flight calls is bounded: the upstream's timeout (a retry's included) and 30 s more. */
const DRAIN_MARGIN_MS = 30_000;

/** Stops with one line that says what to fix, as the Vite plugin's refuseToStart does. */
function refuseToStart(message: string): never {
  console.error(`creditscope cannot start: ${message}`);
  process.exit(1);
}

function startupMessage(error: unknown, port: number, host: string): string {
  if (error instanceof ConfigError || error instanceof StartupError || error instanceof OptionsError)
    return error.message;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    return `port ${port} on ${host} is already in use: stop what uses it, or choose another with --port or PORT`;
  if (code === 'EACCES')
    return `not allowed to listen on port ${port} on ${host}: choose a port above 1023 with --port or PORT`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return `cannot listen on host "${host}": no such address on this machine (--host or HOST)`;
  return (error as Error).message ?? String(error);
}

async function main() {
  const env = loadEnvFiles(process.cwd());
  let options: ReturnType<typeof readOptions> = { port: 4173, host: '127.0.0.1', dist: 'dist', serverRendering: true };
  let handler: ApiHandler | null = null;
  let server: ProductionServer;
  try {
    options = readOptions(process.argv.slice(2), env);
    const config = loadConfig(env);
    // The store first (and the demo stand-in): one that cannot be opened stops the server before it listens.
    handler = await createApiHandler(config);
    server = await createProductionServer({
      dist: options.dist,
      config,
      handler,
      serverRendering: options.serverRendering,
    });
    server.app.log.info(handler.describe());
    const { dist } = options;
    const address = await server.app.listen({
      port: options.port,
      host: options.host,
      listenTextResolver: (url) => `creditscope: serving ${dist} at ${url}/`,
    });
    handler.listeningAt(address);
    installShutdown(server, handler, config.timeoutMs);
  } catch (error) {
    await handler?.close().catch(() => undefined);
    refuseToStart(startupMessage(error, options.port, options.host));
  }
}

/**
 * SIGTERM or SIGINT: stop accepting (the listening socket closes, idle keep-alive connections are
 * closed, a request arriving on a busy one gets 503, one still being sent is cut: it has bought nothing),
 * let every in-flight request finish (a paid call until its ledger row is settled, or kept for the store),
 * close the store (a kept settlement gets one more try) and the demo stand-in, exit 0. A second signal, or
 * calls still running past the bound, exit 1 at once: those calls' rows stay pending, which the ledger
 * reports as "outcome unknown" on the next start.
 */
function installShutdown({ app, inFlight, drain }: ProductionServer, handler: ApiHandler, upstreamTimeoutMs: number) {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn(
        { signal, inFlight: inFlight.size },
        'second signal: exiting now, in-flight calls stay "outcome unknown"',
      );
      process.exit(1);
    }
    stopping = true;
    const boundMs = upstreamTimeoutMs * 3 + DRAIN_MARGIN_MS;
    app.log.info(
      { signal, inFlight: inFlight.size },
      `shutting down: no new requests; waiting up to ${Math.round(boundMs / 1000)} s for in-flight ones`,
    );
    const bound = setTimeout(() => {
      app.log.error(
        { inFlight: inFlight.size },
        'in-flight requests did not finish in time: exiting; their calls stay "outcome unknown"',
      );
      process.exit(1);
    }, boundMs);
    bound.unref();
    try {
      await drain();
      await handler.close();
      clearTimeout(bound);
      app.log.info('stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', (signal) => {
    void stop(signal);
  });
  process.on('SIGINT', (signal) => {
    void stop(signal);
  });
}

void main();
