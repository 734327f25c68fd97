import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../config.ts';
import { CREDITS, startStandin } from '../standin/server.ts';
import { openStore, type Store } from '../store/store.ts';
import { ExchangeStore } from './inspector-store.ts';
import type { Limits } from '../budget/limits.ts';
import { Prices } from './prices.ts';
import { Flights, type PurchaseServices } from '../purchase/purchase.ts';
import type { Upstream } from '../purchase/upstream.ts';
import { createRedactor } from './redact.ts';
import { ServerMetrics } from '../observe/metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's services, decorated on the /api instance (handler.ts) for every area's routes to read. */
    services: Services;
  }
}

/**
 * What spends: the store, the upstream (the built-in stand-in in demo mode), the limits, the prices, and
 * the pages in flight. The browser's paid routes, the job runner, server-rendered pages and the job CLI all
 * buy by calling server/purchase/purchase.ts's `buyPage` with one of these, so the budget, the ledger and
 * the archive hold whichever of them buys.
 */
export interface Services extends PurchaseServices {
  store: Store;
  upstream: Upstream;
  limits: Limits;
  prices: Prices;
  exchanges: ExchangeStore;
  /** The browser's purchases in flight, by page and person: a page asked again rides on its flight. */
  flights: Flights;
  /** This process's counters for /metrics: every purchase is counted in them. */
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
  return {
    store,
    upstream,
    limits,
    prices,
    exchanges,
    // An upstream that echoes the token (some error pages do) must not hand it on, in any encoding: each attempt redacts what it reads.
    redactor: createRedactor(upstream.token),
    flights: new Flights(),
    metrics,
    demo: demo !== null,
    upstreamLabel: demo ? `built-in stand-in (${upstream.baseUrl})` : upstream.baseUrl,
    close: async () => {
      await store.close();
      await demo?.standin.close();
    },
  };
}
