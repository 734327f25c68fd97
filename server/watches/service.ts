import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { PurchaseServices } from '../purchase/purchase.ts';
import { OWNER } from '../store/owner.ts';
import type { WatchesContext } from './actions.ts';
import { watchRoutes } from './routes.ts';
import { WatchScheduler } from './scheduler.ts';
import { WatchStore } from './watch-store.ts';

export interface Watches extends WatchesContext {
  /** The /api/_watches routes, for the API's Fastify plugin. */
  routes: FastifyPluginAsync;
  close(): Promise<void>;
}

/**
 * Watches on a process's services (#37): the store's watch tables, the scheduler that claims due runs (started
 * unless `run: false`: the CLI runs only what it is asked to) and the /api/_watches routes. A run's claim lasts
 * as long as a job's (JOB_LEASE_MS) unrenewed.
 */
export function startWatches(
  services: PurchaseServices,
  config: Pick<AppConfig, 'watchTickMs' | 'jobLeaseMs'>,
  options: { run?: boolean; log?: (message: string) => void } = {},
): Watches {
  const store = new WatchStore(services.store.db);
  const scheduler = new WatchScheduler({
    store,
    services,
    owner: OWNER,
    leaseMs: config.jobLeaseMs,
    tickMs: config.watchTickMs,
    log: options.log ?? ((message) => console.error(message)),
  });
  if (options.run !== false) scheduler.start();
  const context: WatchesContext = { store, scheduler, services };
  return { ...context, routes: watchRoutes(context), close: () => scheduler.close() };
}
