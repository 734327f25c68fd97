import type { ServerApp } from '../app.ts';
import { DEMO_STANDIN_PORT } from '../config-rules.ts';
import { ConfigError, loadConfig, type AppConfig } from '../config.ts';
import { createApiHandler, StartupError, type ApiHandler } from '../proxy/handler.ts';
import { OptionsError, readOptions, type ServerOptions } from './options.ts';

/** Waiting for in-flight calls is bounded: the upstream's timeout (a retry's included) and 30 s more. */
const DRAIN_MARGIN_MS = 30_000;

/** Stops with one line that says what to fix. */
export function refuseToStart(message: string): never {
  console.error(`creditscope cannot start: ${message}`);
  process.exit(1);
}

/**
 * Starts `npm start` or `npm run dev`: the options and settings, the store (and the demo stand-in: one
 * that cannot be opened stops the server before it listens), the app from `createServer`, listening, and
 * the draining shutdown. Anything that goes wrong is one line that says what to fix, and exit 1.
 */
export async function startServer(setup: {
  env: Record<string, string | undefined>;
  defaultPort: number;
  createServer: (config: AppConfig, api: ApiHandler, options: ServerOptions) => Promise<ServerApp>;
  listenText: (url: string, options: ServerOptions) => string;
}) {
  let options = { port: setup.defaultPort, host: '127.0.0.1' };
  let handler: ApiHandler | null = null;
  try {
    const read = readOptions(process.argv.slice(2), setup.env, process.cwd(), setup.defaultPort);
    options = read;
    const config = loadConfig(setup.env, process.cwd(), read.host);
    // The stand-in listens first: on the server's own port, the server's listen would be what fails, named wrongly.
    if (config.mode === 'demo' && config.demoStandinPort === read.port)
      throw new ConfigError(
        `CREDITSCOPE_DEMO_STANDIN_PORT and the server's port are both ${read.port}: the demo stand-in needs a port of its own. Set CREDITSCOPE_DEMO_STANDIN_PORT to another, or leave it unset for ${DEMO_STANDIN_PORT}.`,
      );
    handler = await createApiHandler(config);
    const server = await setup.createServer(config, handler, read);
    server.app.log.info(handler.describe());
    await server.app.listen({
      port: read.port,
      host: read.host,
      // The runtime is named: the project brings its own Node (the `node` package), whatever the host's is.
      listenTextResolver: (url) => `${setup.listenText(url, read)} on Node ${process.versions.node}`,
    });
    const api = handler;
    installShutdown(server, () => api.close(), config.timeoutMs);
  } catch (error) {
    await handler?.close().catch(() => undefined);
    refuseToStart(startupMessage(error, options.port, options.host));
  }
}

/** What went wrong at start-up, as one line: a setting, the store, or the address to listen on. */
export function startupMessage(error: unknown, port: number, host: string): string {
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

/**
 * SIGTERM or SIGINT: stop accepting (the listening socket closes, idle keep-alive connections are
 * closed, a request arriving on a busy one gets 503, one still being sent is cut: it has bought nothing),
 * let every in-flight request finish (a paid call until its ledger row is settled, or kept for the store),
 * then `close` (the store, where a kept settlement gets one more try, and the demo stand-in), exit 0. A
 * second signal, or calls still running past the bound, exit 1 at once: those calls' rows stay pending,
 * which the ledger reports as "outcome unknown" on the next start.
 */
export function installShutdown(
  { app, inFlight, drain }: ServerApp,
  close: () => Promise<void>,
  upstreamTimeoutMs: number,
) {
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
      await close();
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
