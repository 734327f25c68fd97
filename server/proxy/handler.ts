import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { SessionState } from '../../src/contract/index.ts';
import { installApiRules, type RouteAccess } from './api-rules.ts';
import { startJobs } from '../jobs/service.ts';
import { startWatches } from '../watches/service.ts';
import { FeedKeys } from '../watches/feeds/feed-keys.ts';
import { feedRoutes } from '../watches/feeds/feed-routes.ts';
import { feedKeyRoutes } from '../watches/feeds/key-routes.ts';
import { historyRoutes } from './history-routes.ts';
import { archiveRoutes } from '../archive-search/routes.ts';
import { IndexerThread } from '../archive-search/indexer-thread.ts';
import { paidRoutes } from './paid-routes.ts';
import { createServices, type Services } from './services.ts';
import { sessionRoutes, sessionState, type SessionContext } from './session-routes.ts';
import { spendRoutes } from './spend-routes.ts';
import { checkStore } from '../store/health.ts';
import type { Store } from '../store/store.ts';
import { Identity } from '../identity/identity.ts';
import type { Person } from '../identity/people.ts';
import { authRoutes } from '../identity/routes.ts';
import { describeAuth } from '../identity/describe.ts';
import type { ServerMetrics } from '../observe/metrics.ts';
import { readStoreReadings } from '../observe/store-readings.ts';
import { readiness, type Readiness } from '../http/readiness.ts';

export { StartupError } from '../store/store.ts';

/** The API: its routes, and what the server around it asks of the same services. */
export interface ApiHandler {
  /** Every /api route (a Fastify plugin, registered under the /api prefix by server/app.ts). */
  routes: FastifyPluginAsync;
  /** The watches' Atom feeds at /feeds/<key>/… (#37): outside /api, registered at the root by server/app.ts. */
  feeds: FastifyPluginAsync;
  describe(): string;
  /** What spends (store, upstream, limits, prices, metrics): the purchaser's services, for a rendered page's first page. */
  services: Services;
  /** Who may spend here (#28): who a page request is from, and whether anyone must be named at all. */
  identity: Identity;
  /**
   * The meter for a server-rendered page: /api/_session's totals, budget and prices without its rows (the
   * page's HTML stays small; the app asks for the whole state as it starts).
   */
  meter(person?: Person | null): Promise<SessionState>;
  /** Every /api route with its action in the who-may-do-what table (filled as the routes are registered). */
  access: RouteAccess[];
  /** For /readyz: the store answers and has every migration this version needs. */
  readiness(): Promise<Readiness>;
  /** This process's counters and the store's gauges, for /metrics. */
  metrics: ServerMetrics;
  close(): Promise<void>;
}

function describeStore(store: Store, unknown: number): string {
  return (
    `Store: ${store.db.kind === 'sqlite' ? `SQLite ${store.db.label}` : `PostgreSQL ${store.db.label}`}` +
    (store.importedRows
      ? `. Imported ${store.importedRows} row(s) from ledger.jsonl (kept as ledger.jsonl.imported)`
      : '') +
    (unknown
      ? `. ${unknown} call(s) were sent but never settled (outcome unknown, may have been charged): counted at list price until you run \`npm run ledger -- clear-unknown\``
      : '')
  );
}

export async function createApiHandler(config: AppConfig): Promise<ApiHandler> {
  const services = await createServices(config);
  const { store, upstream, limits, prices, exchanges, upstreamLabel } = services;
  const demo = services.demo;
  const context: SessionContext = {
    ledger: store.ledger,
    archive: store.archive,
    limits,
    prices,
    exchanges,
    mode: config.mode,
    upstreamLabel,
    storeKind: store.db.kind,
    archiveFreshForMs: config.archiveFreshForMs,
    creditPrice: config.creditPrice,
  };
  const unknown = (await store.ledger.outcomesUnknown()).length;
  // The gauges read the shared store at scrape time: every process reports the same limits and jobs.
  services.metrics.readFrom(() => readStoreReadings(store, limits, async () => (await checkStore(store)).up));
  // Free search over the archive is indexed beside the purchase path, never in it.
  const indexer = new IndexerThread(store.db, { dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  // Whoever bought them (the browser, a job, a server-rendered page), each committed batch of answers.
  store.ledger.settlements.onArchived((pageKeys) => indexer.soon(pageKeys));
  // Collection jobs buy through the same purchaser; a running job left by a stopped or crashed process resumes here.
  const jobs = startJobs(services, config);
  // Watches (#37): due runs claimed through the store, so any number of processes run each due time once.
  const watches = startWatches(services, config);
  // Who is asking (#28): in the same store, so every instance knows the same people and sessions.
  const identity = new Identity(store.db, config.auth);
  const authDescription = await describeAuth(identity, config);
  // Watches' Atom feeds (#37): read from the store by a private key, never bought.
  const feedKeys = new FeedKeys(store.db);

  const access: RouteAccess[] = [];
  /** Every /api route, with the rules they all meet (api-rules.ts): mounted at /api by server/app.ts. */
  const routes: FastifyPluginAsync = async (api) => {
    installApiRules(api, config.allowedHosts, identity, access);
    // Each area below is a plugin owning its routes; what they share is decorated here (as fastify/demo does).
    api.decorate('services', services);
    await api.register(authRoutes(identity, config.auth.exposed));
    await api.register(sessionRoutes(context));
    await api.register(spendRoutes(store.ledger));
    await api.register(jobs.routes);
    await api.register(watches.routes);
    await api.register(feedKeyRoutes(feedKeys));
    await api.register(historyRoutes(store, config.creditPrice));
    await api.register(archiveRoutes(store.db, indexer));
    await api.register(paidRoutes);
  };

  return {
    routes,
    feeds: feedRoutes({
      db: store.db,
      keys: feedKeys,
      identity,
      allowedHosts: config.allowedHosts,
      publicUrl: config.publicUrl,
    }),
    describe: () =>
      (demo
        ? `creditscope: DEMO MODE, no API_BASE_URL/API_TOKEN set, so calls go to the built-in stand-in upstream at ${upstream.baseUrl}`
        : `creditscope: upstream ${upstream.baseUrl} with the token from API_TOKEN (${upstream.token.length} characters, never shown)`) +
      `. ${describeStore(store, unknown)}` +
      (config.creditLimit
        ? `. Operator credit limit (${config.creditLimitPeriod === 'total' ? 'all spend in the store' : `per UTC ${config.creditLimitPeriod}`}): ${config.creditLimit}`
        : '') +
      authDescription,
    identity,
    access,
    services,
    meter: async (person = null) => ({
      ...(await sessionState(context, 1, { asker: person })),
      rows: [],
      olderRowsCursor: null,
    }),
    readiness: () => readiness(store),
    metrics: services.metrics,
    close: async () => {
      await indexer.stop();
      await jobs.close();
      await watches.close();
      await services.close();
    },
  };
}
