import type { IncomingMessage, ServerResponse } from 'node:http';
import { canonicalParams, purchaseKey, type PaidOperation } from '../../src/api/identity.ts';
import type { AppConfig } from '../config.ts';
import type { SessionState } from '../../src/contract/index.ts';
import type { PurchaseResult } from './purchase-result.ts';
import { isApiPath, pathAsSent, readApiTarget } from './api-path.ts';
import { archivedAnswer } from './archive-answer.ts';
import { startJobs } from '../jobs/service.ts';
import { normalisedError } from './errors.ts';
import { createForwarder } from './forward.ts';
import { refusalReason } from './guard.ts';
import { isSpeculative } from '../http/navigation-intent.ts';
import { handleHistoryRoute } from './history-routes.ts';
import { handleArchiveRoute } from '../archive-search/routes.ts';
import { IndexerThread } from '../archive-search/indexer-thread.ts';
import { OPERATIONS } from './operations.ts';
import { paramsProblem } from './validate.ts';
import { sendError } from './send.ts';
import { createServices } from './services.ts';
import { handleSessionRoute, sessionState, type SessionContext } from './session-routes.ts';
import { checkStore, type StoreHealth } from '../store/health.ts';
import type { Store } from '../store/store.ts';

export { StartupError } from '../store/store.ts';

export interface ApiHandler {
  /** Answers anything under /api (the path as sent: ./api-path.ts); returns false for other paths so the host server serves them. */
  handle(request: IncomingMessage, response: ServerResponse): Promise<boolean>;
  describe(): string;
  /** Kept for hosts that report their address; the shared store needs no per-process lock. */
  listeningAt(url: string): void;
  /**
   * A page for a server-rendered first screen, as /api would answer it: the archive's free copy, or, only
   * when `mayBuy`, a purchase through the same purchaser (journal, budget, ledger, archive). Null: neither.
   */
  page(operation: PaidOperation, params: Record<string, unknown>, mayBuy: boolean): Promise<PurchaseResult | null>;
  /**
   * The meter for a server-rendered page: /api/_session's totals, budget and prices without its rows (the
   * page's HTML stays small; the app asks for the whole state as it starts).
   */
  meter(): Promise<SessionState>;
  /** Whether the store can be used now (a trivial query, and no settlement waiting for it): for /healthz. */
  health(): Promise<StoreHealth>;
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
  const forward = createForwarder(services.purchase);
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
  };
  const unknown = (await store.ledger.outcomesUnknown()).length;
  // Free search over the archive is indexed beside the purchase path, never in it.
  const indexer = new IndexerThread(store.db, { dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  // Whoever bought them (the browser, a job, a server-rendered page), each committed batch of answers.
  store.ledger.onArchived((pageKeys) => indexer.soon(pageKeys));
  // Collection jobs buy through the same purchaser; a running job left by a stopped or crashed process resumes here.
  const jobs = startJobs(services, config);

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
    const target = request.url ?? '/';
    if (!isApiPath(pathAsSent(target))) return false;
    const read = readApiTarget(target);
    if ('problem' in read) {
      sendError(response, normalisedError(400, 'bad_request', read.problem));
      return true;
    }
    const { url } = read;
    const route = OPERATIONS[url.pathname];
    try {
      // Every /api request passes the guard, the free state-changing /api/_session routes included.
      const refusal = refusalReason(request, config.allowedHosts);
      if (refusal) {
        sendError(response, normalisedError(403, 'auth', `Refused: ${refusal}`));
        return true;
      }
      if (url.pathname === '/api/_session' || url.pathname.startsWith('/api/_session/')) {
        await handleSessionRoute(url.pathname.slice('/api/_session'.length), url, request, response, context);
        return true;
      }
      if (url.pathname === '/api/_jobs' || url.pathname.startsWith('/api/_jobs/')) {
        await jobs.handle(url.pathname.slice('/api/_jobs'.length), url, request, response);
        return true;
      }
      if (url.pathname === '/api/_history' || url.pathname.startsWith('/api/_history/')) {
        await handleHistoryRoute(url.pathname.slice('/api/_history'.length), url, request, response, store);
        return true;
      }
      if (url.pathname.startsWith('/api/_archive/')) {
        await handleArchiveRoute(url.pathname.slice('/api/_archive'.length), url, request, response, store.db, indexer);
        return true;
      }
      if (!route) {
        sendError(
          response,
          normalisedError(
            404,
            'not_found',
            `No API endpoint ${url.pathname}: only search and the microblog timeline are available`,
          ),
        );
      } else if (isSpeculative(request.headers)) {
        // A prerendering document's requests carry Sec-Purpose: it buys once it is shown, not before.
        sendError(
          response,
          normalisedError(
            403,
            'auth',
            'Refused: a page the browser loaded ahead of time (Sec-Purpose) buys nothing until it is shown',
          ),
        );
      } else if (request.method !== route.method) {
        sendError(response, normalisedError(405, 'bad_request', `${url.pathname} accepts ${route.method} only`), {
          allow: route.method,
        });
      } else {
        await forward(url.pathname, url, request, response);
      }
    } catch (error) {
      const charged = route ? 'unknown' : 'no';
      if (!response.headersSent)
        sendError(
          response,
          normalisedError(500, 'upstream', `creditscope proxy failed: ${(error as Error).message}`, { charged }),
        );
    }
    return true;
  }

  return {
    handle,
    describe: () =>
      (demo
        ? `creditscope: DEMO MODE, no API_BASE_URL/API_TOKEN set, so calls go to the built-in stand-in upstream at ${upstream.baseUrl}`
        : `creditscope: upstream ${upstream.baseUrl} with the token from API_TOKEN (${upstream.token.length} characters, never shown)`) +
      `. ${describeStore(store, unknown)}` +
      (config.creditLimit
        ? `. Operator credit limit (${config.creditLimitPeriod === 'total' ? 'all spend in the store' : `per UTC ${config.creditLimitPeriod}`}): ${config.creditLimit}`
        : ''),
    listeningAt: () => undefined,
    page: async (operation, asked, mayBuy) => {
      const params = canonicalParams(operation, asked);
      const key = purchaseKey(operation, params);
      const archived = await store.archive.servable(key, operation, params);
      if (archived) return archivedAnswer(archived);
      const route = Object.values(OPERATIONS).find((candidate) => candidate.operation === operation);
      if (!mayBuy || !route || paramsProblem(route, params)) return null;
      return services.purchase({ route, params, key, fresh: false });
    },
    meter: async () => ({ ...(await sessionState(context, 1)), rows: [], olderRowsCursor: null }),
    health: () => checkStore(store),
    close: async () => {
      await indexer.stop();
      await jobs.close();
      await services.close();
    },
  };
}
