import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Services } from '../proxy/services.ts';
import { OWNER } from '../store/owner.ts';
import { JobStore } from './job-store.ts';
import type { JobsContext } from './actions.ts';
import { jobRoutes } from './routes.ts';
import { JobRunner } from './runner.ts';

export interface Jobs extends JobsContext {
  /** The /api/_jobs routes, for the API's Fastify plugin. */
  routes: FastifyPluginAsync;
  close(): Promise<void>;
}

/** How often a process looks for a running job nobody holds: a third of the lease, so a dead holder's job waits little. */
const pollMs = (leaseMs: number) => Math.max(200, Math.min(5_000, Math.floor(leaseMs / 3)));

/**
 * Collection jobs on a process's services: the store's job tables, a runner that buys through the same
 * purchaser as the browser, and the /api/_jobs routes. `run: false` (the CLI's quote) starts no runner.
 */
export function startJobs(
  services: Services,
  config: AppConfig,
  options: { run?: boolean; log?: (message: string) => void } = {},
): Jobs {
  const store = new JobStore(services.store.db);
  const runner = new JobRunner({
    store,
    services,
    owner: OWNER,
    leaseMs: config.jobLeaseMs,
    pollMs: pollMs(config.jobLeaseMs),
    log: options.log ?? ((message) => console.error(message)),
  });
  if (options.run !== false) runner.start();
  const context: JobsContext = { store, runner, services, defaultConcurrency: config.jobConcurrency };
  return {
    ...context,
    routes: jobRoutes(context),
    close: () => runner.close(),
  };
}
