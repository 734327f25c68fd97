import { ConfigError } from '../config.ts';
import { StartupError } from '../proxy/handler.ts';
import type { ServerApp } from '../app.ts';
import { OptionsError } from './options.ts';

/** Waiting for in-flight calls is bounded: the upstream's timeout (a retry's included) and 30 s more. */
const DRAIN_MARGIN_MS = 30_000;

/** Stops with one line that says what to fix. */
export function refuseToStart(message: string): never {
  console.error(`creditscope cannot start: ${message}`);
  process.exit(1);
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
