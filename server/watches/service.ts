import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { PurchaseServices } from '../purchase/purchase.ts';
import { OWNER } from '../store/owner.ts';
import type { WatchesContext } from './actions.ts';
import { watchRoutes } from './routes.ts';
import { WatchScheduler } from './scheduler.ts';
import { WatchStore } from './watch-store.ts';
import { WebhookStore } from './webhook-store.ts';
import { WebhookDeliverer } from './webhooks.ts';

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
/**
 * Whether webhooks may reach private addresses: as CREDITSCOPE_WEBHOOK_PRIVATE says, else only on a server nobody
 * signs in to that listens on loopback (the operator's own machine, where the receiver is often local). On a
 * shared server a member could otherwise have it POST into the network it runs in (SSRF).
 */
function allowPrivateWebhooks(config: Pick<AppConfig, 'webhookPrivate' | 'auth'>): boolean {
  if (config.webhookPrivate !== null) return config.webhookPrivate === 'allow';
  return config.auth.mode === 'none' && !config.auth.exposed;
}

export function startWatches(
  services: PurchaseServices,
  config: Pick<AppConfig, 'watchTickMs' | 'jobLeaseMs' | 'webhookRetryMs' | 'webhookPrivate' | 'publicUrl' | 'auth'>,
  options: { run?: boolean; log?: (message: string) => void } = {},
): Watches {
  const store = new WatchStore(services.store.db);
  const log = options.log ?? ((message: string) => console.error(message));
  const hooks = new WebhookStore(services.store.db);
  const webhooks = new WebhookDeliverer({
    hooks,
    owner: OWNER,
    retryMs: config.webhookRetryMs,
    allowPrivate: allowPrivateWebhooks(config),
    publicUrl: config.publicUrl,
    log,
  });
  const scheduler = new WatchScheduler({
    store,
    services,
    owner: OWNER,
    leaseMs: config.jobLeaseMs,
    tickMs: config.watchTickMs,
    log,
    webhooks,
  });
  if (options.run !== false) scheduler.start();
  const context: WatchesContext = {
    store,
    scheduler,
    services,
    hooks,
    allowPrivateWebhooks: allowPrivateWebhooks(config),
  };
  return { ...context, routes: watchRoutes(context), close: () => scheduler.close() };
}
