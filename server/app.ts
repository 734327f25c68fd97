/**
 * The one server app, for `npm start` (server/main.ts: the build, server rendering, a CSP) and `npm run dev`
 * (server/dev.ts: Vite in middleware mode). Both get the same hooks, each registered once here: one JSON
 * log line per request, in-flight tracking for a draining shutdown, the page rules for every page and
 * asset, and, under /api, the API's own rules and routes (server/proxy/api-rules.ts). A rule for every
 * request is one `addHook` below; what differs between the two modes is only who serves the pages.
 */
import Fastify, { LogController, type FastifyInstance, type FastifyPluginAsync, type FastifyReply } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { AppConfig } from './config.ts';
import { InFlight } from './http/in-flight.ts';
import { guardPage, isRefusedPath, PAGE_HEADERS, UNREADABLE_ADDRESS } from './http/page-guard.ts';
import { hostRefusal } from './http/host-name.ts';
import { observeRoutes } from './http/observe-routes.ts';
import { gatePage } from './identity/page-gate.ts';
import { requestTraceIds } from './observe/tracing.ts';
import { isApiPath, pathAsSent } from './proxy/api-path.ts';
import { normalisedError } from './proxy/errors.ts';
import type { ApiHandler } from './proxy/handler.ts';
import { sendError } from './proxy/send.ts';
import { queryParams } from './proxy/validate.ts';
import { pathForLog } from './watches/feeds/log-path.ts';

/**
 * How long a client may take to send a request: its headers, and the whole of it with its body (the
 * largest, a collection job's, is 4 MB). Past either, Node answers 408 and closes the connection, so a
 * request that never finishes arriving cannot hold a handler (or a shutdown) forever. An answer may take
 * longer: these bound only what the client sends.
 */
export const REQUEST_TIMEOUTS = { headersMs: 10_000, requestMs: 30_000 };

/** Who serves the pages and assets: registered in a context of its own, under the page rules. */
export type PageHost = FastifyPluginAsync;

export interface ServerApp {
  app: FastifyInstance;
  inFlight: InFlight;
  /**
   * Stops accepting, lets every in-flight request finish (a paid call until its ledger row is settled)
   * and closes every connection. A request still arriving (headers or body unfinished) is cut at once:
   * the API reads a request whole before it journals or buys anything, so it has bought nothing. Keep-alive
   * connections are told `Connection: close` on their last answer and closed once everything is answered,
   * so a browser holding one open, or a client that never finishes a request, cannot delay the exit.
   */
  drain(): Promise<void>;
}

export async function createApp(options: {
  config: AppConfig;
  api: ApiHandler;
  pages: PageHost;
  /** Tests mounting many servers: no log lines. */
  quiet?: boolean;
  /** Tests: shorter than REQUEST_TIMEOUTS, to see one pass. */
  requestTimeouts?: typeof REQUEST_TIMEOUTS;
  /** Tests: which socket addresses /metrics serves without a token (loopback's by default). */
  isLocalPeer?: (address: string | undefined) => boolean;
}): Promise<ServerApp> {
  const { config, api } = options;
  const timeouts = options.requestTimeouts ?? REQUEST_TIMEOUTS;
  const inFlight = new InFlight();
  const open = new Set<ServerResponse>();
  let draining = false;

  const app = Fastify({
    logger: {
      level: options.quiet ? 'silent' : 'info',
      base: { pid: process.pid },
      timestamp: () => `,"time":"${new Date().toISOString()}"`,
      // Error lines name the method and path, never the query (screen names, searches), headers or cookies.
      serializers: {
        req: (request: { method: string; url: string }) => ({
          method: request.method,
          path: pathForLog(pathAsSent(request.url)),
        }),
      },
    },
    // Fastify's own two lines per request are replaced by the one below.
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
    // Starting Vite (npm run dev) or loading the server build can take longer than Fastify's 10 s on a busy machine.
    pluginTimeout: 120_000,
    requestTimeout: timeouts.requestMs,
    // Node checks the two timeouts above on this interval (30 s by default, which would stretch them).
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: 1_000,
    },
    // A HEAD is answered only where a route says so: never by running a paid GET.
    exposeHeadRoutes: false,
    routerOptions: {
      // A name given twice is a list (which the paid routes refuse), read as URLSearchParams reads it.
      querystringParser: (query) => queryParams(new URLSearchParams(query)),
      // Ids and keys in a path are checked by their routes, which say what they expected.
      maxParamLength: 2048,
    },
    // Unknown fields are refused by the schemas that say `additionalProperties: false`, never silently dropped;
    // values are not converted either (a list is not its one item, `true` is not "true").
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allowUnionTypes: true } },
    // A path Fastify cannot decode (`/api/%ZZ`) is answered like any refused request of its kind.
    frameworkErrors: (error, request, reply) => {
      const answer = reply as FastifyReply;
      if (!isApiPath(pathAsSent(request.url)))
        return answer.code(400).headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(UNREADABLE_ADDRESS);
      return sendError(answer, normalisedError(400, 'bad_request', `Refused: ${error.message}`));
    },
  });

  // Who is asking (#28): set for /api by its rules (server/proxy/api-rules.ts) and for pages by the page gate below.
  app.decorateRequest('person', null);
  app.decorateRequest('stillAsking', null);

  // Every request, in both modes: counted until its answer has ended and its handler has returned, and logged once.
  app.addHook('onRequest', async (request, reply) => {
    const started = process.hrtime.bigint();
    // With tracing on, each of the request's log lines names its trace (its span is @fastify/otel's, started before this hook).
    const traced = requestTraceIds(request);
    if (traced) request.log = request.log.child(traced);
    // As asked: a page host may rewrite the address it serves (Vite's SPA fallback serves /index.html).
    const pathname = pathForLog(pathAsSent(request.url));
    const raw = reply.raw;
    let finished: () => void = () => undefined;
    inFlight.track(new Promise<void>((resolve) => (finished = resolve)));
    open.add(raw);
    if (draining) raw.setHeader('connection', 'close');
    raw.once('close', () => {
      open.delete(raw);
      // One line per request: method, path without its query, status, time. Never a header, cookie or token.
      request.log.info(
        {
          method: request.method,
          path: pathname,
          status: raw.statusCode,
          ms: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
          ...(raw.writableFinished ? {} : { aborted: true }),
        },
        'request',
      );
      finished();
    });
  });
  // A paid call whose browser went away still runs to its settled ledger row: its handler counts until it returns.
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function tracked(this: FastifyInstance, request, reply) {
      const result: unknown = handler.call(this, request, reply);
      if (result instanceof Promise) inFlight.track(result);
      return result;
    };
  });

  // /healthz (alive), /readyz (the store usable) and /metrics: outside /api and the pages, for an operator's tools.
  await app.register(observeRoutes({ config, api, isLocalPeer: options.isLocalPeer }));

  await app.register(api.routes, { prefix: '/api' });

  // The watches' Atom feeds (#37): a feed reader's requests, keyed by the address, outside the API and the pages.
  await app.register(api.feeds);

  // Pages and assets, whoever serves them: the same rules in both modes.
  await app.register(async (pages) => {
    pages.addHook('onRequest', async (request, reply) => {
      if (isRefusedPath(pathAsSent(request.url)))
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      // Other names than the allowed ones are refused, as for the API (DNS rebinding).
      const refused = hostRefusal(request.headers.host, config.allowedHosts);
      if (refused) return reply.code(403).type('text/plain; charset=utf-8').send(`Blocked request: ${refused}`);
      guardPage(request.raw, reply.raw);
      return gatePage(api.identity, request, reply);
    });
    await pages.register(options.pages);
  });

  async function drain() {
    draining = true;
    for (const response of open) {
      // Still arriving: nothing can have been bought for it yet (see ServerApp.drain).
      if (!response.req.complete) response.req.socket?.destroy();
      else if (!response.headersSent) response.setHeader('connection', 'close');
    }
    const closed = app.close();
    await inFlight.idle();
    // Every request has its answer: what is left is idle keep-alive connections and requests whose headers never finished.
    app.server.closeAllConnections();
    await closed;
  }

  return { app, inFlight, drain };
}
