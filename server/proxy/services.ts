import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../config.ts';
import { CREDITS, startStandin } from '../standin/server.ts';
import { openStore, type Store } from '../store/store.ts';
import type { Upstream } from './attempt.ts';
import { ExchangeStore } from './inspector-store.ts';
import type { Limits } from '../budget/limits.ts';
import { Prices } from './prices.ts';
import { createPurchaser, type Purchaser } from './purchase.ts';
import { ServerMetrics } from '../observe/metrics.ts';

/**
 * What spends: the store, the upstream (the built-in stand-in in demo mode), the limits, the prices and
 * the one purchaser. The browser's proxy (handler.ts), the job runner and the job CLI all buy through
 * one of these, so the budget, the ledger and the archive hold whichever of them buys.
 */
export interface Services {
  store: Store;
  upstream: Upstream;
  limits: Limits;
  prices: Prices;
  exchanges: ExchangeStore;
  purchase: Purchaser;
  /** This process's counters for /metrics: every purchase through `purchase` is counted in them. */
  metrics: ServerMetrics;
  demo: boolean;
  upstreamLabel: string;
  close(): Promise<void>;
}

async function startDemoUpstream(port: number) {
  const token = randomBytes(24).toString('hex');
  const standin = await startStandin({ token, port }).catch(() => startStandin({ token, port: 0 }));
  return { standin, upstream: { baseUrl: standin.url, token } };
}

export async function createServices(config: AppConfig): Promise<Services> {
  // The store first: one that cannot be opened or written stops everything before anything can spend.
  const store = await openStore(config, CREDITS);
  const demo =
    config.mode === 'demo'
      ? await startDemoUpstream(config.demoStandinPort).catch(async (error: unknown) => {
          await store.close();
          throw error;
        })
      : null;
  const upstream: Upstream = {
    baseUrl: demo?.upstream.baseUrl ?? config.baseUrl,
    token: demo?.upstream.token ?? config.token,
    timeoutMs: config.timeoutMs,
  };
  // The store keeps the limits it admits calls under (from config.creditLimit): the same ones every caller sees.
  const limits = store.ledger.limits;
  // Only the stand-in's list prices are known in advance; a real upstream's are learnt from meta.credits.
  const prices = new Prices(store.ledger, demo ? CREDITS : null);
  await prices.refresh();
  const exchanges = new ExchangeStore();
  const metrics = new ServerMetrics();
  const purchase = createPurchaser({
    upstream,
    ledger: store.ledger,
    archive: store.archive,
    exchanges,
    prices,
    metrics,
  });
  return {
    store,
    upstream,
    limits,
    prices,
    exchanges,
    purchase,
    metrics,
    demo: demo !== null,
    upstreamLabel: demo ? `built-in stand-in (${upstream.baseUrl})` : upstream.baseUrl,
    close: async () => {
      await store.close();
      await demo?.standin.close();
    },
  };
}
