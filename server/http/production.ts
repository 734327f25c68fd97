import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { AppConfig } from '../config.ts';
import { isApiPath } from '../proxy/api-path.ts';
import type { ApiHandler } from '../proxy/handler.ts';
import { contentSecurityPolicy, imageSources, inlineScriptHashes } from './csp.ts';
import { InFlight } from './in-flight.ts';
import { guardPage, isRefusedPath } from './page-guard.ts';
import { loadPageRenderer, SERVER_ENTRY } from './render.ts';

/** Hashed file names (`index-CkcIfOk3.js`): a new build never reuses one, so browsers may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the public folder's unhashed files: kept, but revalidated (ETag) on every use. */
const REVALIDATE = 'no-cache';
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** The build's folders for this process, not for browsers: the app's server copy and the compiled server (vite.server.config.ts). */
const SERVER_ONLY = [path.dirname(SERVER_ENTRY), 'server-app'].map((folder) => `/${folder}/`);

/**
 * How long a client may take to send a request: its headers, and the whole of it with its body (the
 * largest, a collection job's, is 4 MB). Past either, Node answers 408 and closes the connection, so a
 * request that never finishes arriving cannot hold a handler (or a shutdown) forever. An answer may take
 * longer: these bound only what the client sends.
 */
export const REQUEST_TIMEOUTS = { headersMs: 10_000, requestMs: 30_000 };

export interface ProductionServer {
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
  /** The policy sent with every page and asset (the inline scripts' hashes come from the built index.html). */
  policy: string;
}

function hostName(host: string): string {
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
}

/** A path with a file extension names a file: when there is none, it is a 404, never the app's page. */
function isFileLike(pathname: string): boolean {
  return pathname.startsWith('/assets/') || /\.[^/]*$/.test(pathname);
}

/**
 * The production server (Fastify): the build with precompressed brotli and gzip, the same page rules
 * as `vite` and `vite preview` (server/http/page-guard.ts) plus a full Content-Security-Policy, the
 * API handler mounted unchanged on /api, the app's page for its client-side routes, /healthz, and one
 * JSON log line per request.
 */
export async function createProductionServer(options: {
  dist: string;
  config: AppConfig;
  handler: ApiHandler;
  /** Tests mounting many servers: no log lines. */ quiet?: boolean;
  /** The first screen of a timeline as HTML (server/http/render.ts) when the build has its server copy (`SSR=1` for `npm start`). */
  serverRendering?: boolean;
  /** Tests: shorter than REQUEST_TIMEOUTS, to see one pass. */
  requestTimeouts?: typeof REQUEST_TIMEOUTS;
}): Promise<ProductionServer> {
  const { dist, config, handler } = options;
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index))
    throw new Error(`no build in ${dist} (index.html is missing): run \`npm run build\` first, or pass --outDir`);
  const indexHtml = fs.readFileSync(index, 'utf8');
  const policy = contentSecurityPolicy({
    scriptHashes: inlineScriptHashes(indexHtml),
    imageSources: imageSources(config),
  });
  const assets = path.join(dist, 'assets') + path.sep;
  const inFlight = new InFlight();
  const open = new Set<ServerResponse>();
  let draining = false;
  const timeouts = options.requestTimeouts ?? REQUEST_TIMEOUTS;

  const app = Fastify({
    logger: {
      level: options.quiet ? 'silent' : 'info',
      base: { pid: process.pid },
      timestamp: () => `,"time":"${new Date().toISOString()}"`,
      // Error lines name the method and path, never the query (screen names, searches), headers or cookies.
      serializers: {
        req: (request: { method: string; url: string }) => ({
          method: request.method,
          path: request.url.split('?')[0],
        }),
      },
    },
    // Fastify's own two lines per request are replaced by the one below.
    logController: new LogController({ disableRequestLogging: true }),
    // The API handler reads its bodies itself; /api never reaches Fastify's parsers (hijacked in onRequest).
    return503OnClosing: true,
    requestTimeout: timeouts.requestMs,
    // Node checks the two timeouts above on this interval (30 s by default, which would stretch them).
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: 1_000,
    },
  });

  app.addHook('onRequest', async (request, reply) => {
    const started = process.hrtime.bigint();
    const pathname = request.url.split('?')[0]!;
    const raw = reply.raw;
    let finished: () => void = () => undefined;
    inFlight.track(
      new Promise<void>((resolve) => {
        finished = resolve;
      }),
    );
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

    if (pathname === '/healthz') return;
    if (isApiPath(pathname)) {
      // The same handler as under `vite` and `vite preview`, on Node's own request and response.
      reply.hijack();
      const handled = handler.handle(request.raw, raw).catch((error: unknown) => {
        request.log.error({ err: error }, 'API handler failed');
        if (!raw.headersSent) raw.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        raw.end('creditscope proxy failed');
        return true;
      });
      inFlight.track(handled);
      // A hijacked reply has no one else to answer it: were the handler ever to decline, it must not hang.
      if (!(await handled) && !raw.headersSent)
        raw.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    // Pages and assets under other names than the allowed ones, as Vite's host check does (DNS rebinding).
    const name = hostName((request.headers.host ?? '').toLowerCase());
    if (!LOOPBACK_HOSTS.has(name) && !config.allowedHosts.includes(name)) {
      return reply
        .code(403)
        .type('text/plain; charset=utf-8')
        .send(
          `Blocked request: host "${name}" is not allowed; add it to ALLOWED_HOSTS to serve creditscope under that name`,
        );
    }
    guardPage(request.raw, raw);
    // page-guard's frame-ancestors policy, completed: one CSP header, not two.
    reply.header('content-security-policy', policy);
  });

  app.get('/healthz', async (_request, reply) => {
    // This process and its store: a store it cannot use (a stopped database, a full disk) is a 503, so a load
    // balancer can send people elsewhere until it is back. One trivial query; no upstream call, nothing that costs.
    const store = await handler.health();
    return reply
      .code(store.up ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        ok: store.up,
        store: store.up ? 'up' : 'down',
        ...(store.problem ? { problem: store.problem } : {}),
        unsettled: store.unsettled,
      });
  });

  await app.register(fastifyStatic, {
    root: dist,
    // One route per file of the build, found at start: the server serves the build it started with.
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    dotfiles: 'deny',
    allowedPath: (pathname) => !SERVER_ONLY.some((folder) => pathname.startsWith(folder)),
    setHeaders(reply, file) {
      reply.header('cache-control', file.startsWith(assets) ? IMMUTABLE : REVALIDATE);
    },
  });

  const renderer = !options.serverRendering
    ? null
    : await loadPageRenderer({
        dist,
        indexHtml,
        app,
        handler,
        policyFor: (scriptHashes, styleHashes) =>
          contentSecurityPolicy({
            scriptHashes,
            styleHashes,
            imageSources: imageSources(config),
            styleAttributes: true,
          }),
      });

  // The app's own routes (/, /timeline, /search, /credits, /history, and whatever the router 404s itself).
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if ((request.method === 'GET' || request.method === 'HEAD') && !isFileLike(pathname) && !isRefusedPath(pathname)) {
      if (await renderer?.render(request, reply)) return reply;
      return reply.sendFile('index.html');
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });

  async function drain() {
    draining = true;
    for (const response of open) {
      // Still arriving: nothing can have been bought for it yet (see ProductionServer.drain).
      if (!response.req.complete) response.req.socket?.destroy();
      else if (!response.headersSent) response.setHeader('connection', 'close');
    }
    const closed = app.close();
    await inFlight.idle();
    // Every request has its answer: what is left is idle keep-alive connections and requests whose headers never finished.
    app.server.closeAllConnections();
    await closed;
  }

  return { app, inFlight, policy, drain };
}
