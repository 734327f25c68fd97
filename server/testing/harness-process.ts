import { startProxyAgainstStandin } from './harness.ts';

/**
 * The proxy and the stand-in in a process of their own, for tests whose own process is a simulated
 * browser (happy-dom replaces the global fetch, which the proxy must not share). Prints one JSON
 * line with the addresses, and stops when its parent closes stdin or after ten minutes at most.
 */
const harness = await startProxyAgainstStandin(JSON.parse(process.env.HARNESS_ENV ?? '{}') as Record<string, string>);
process.stdout.write(`${JSON.stringify({ origin: harness.origin, standin: harness.standin.url })}\n`);
const stop = () => {
  void harness.close().finally(() => process.exit(0));
};
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
setTimeout(stop, 10 * 60_000).unref();
