import fastifyStatic from '@fastify/static';
import fs from 'node:fs';
import path from 'node:path';
import { createApp, REQUEST_TIMEOUTS, type PageHost, type ServerApp } from '../app.ts';
import type { AppConfig } from '../config.ts';
import type { ApiHandler } from '../proxy/handler.ts';
import { contentSecurityPolicy, imageSources, inlineScriptHashes } from './csp.ts';
import { loadPageRenderer } from './render.ts';
import { SERVER_ENTRY } from './server-entry.ts';

/** Hashed file names (`index-CkcIfOk3.js`): a new build never reuses one, so browsers may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the public folder's unhashed files: kept, but revalidated (ETag) on every use. */
const REVALIDATE = 'no-cache';
/** The build's folders for this process, not for browsers: the app's server copy and the compiled server (vite.server.config.ts). */
const SERVER_ONLY = [path.dirname(SERVER_ENTRY), 'server-app'].map((folder) => `/${folder}/`);

export { REQUEST_TIMEOUTS };

export interface ProductionServer extends ServerApp {
  /** The policy sent with every page and asset (the inline scripts' hashes come from the built index.html). */
  policy: string;
}

/** A path with a file extension names a file: when there is none, it is a 404, never the app's page. */
function isFileLike(pathname: string): boolean {
  return pathname.startsWith('/assets/') || /\.[^/]*$/.test(pathname);
}

/**
 * `npm start`'s pages: the build with precompressed brotli and gzip, a full Content-Security-Policy, the
 * app's page for its client-side routes, and the first screen of a timeline rendered on the server when
 * the build has its server copy. The page rules and the API are the app's (server/app.ts).
 */
function productionPages(options: {
  dist: string;
  indexHtml: string;
  config: AppConfig;
  handler: ApiHandler;
  policy: string;
  serverRendering?: boolean;
}): PageHost {
  const { dist, indexHtml, config, handler, policy } = options;
  const assets = path.join(dist, 'assets') + path.sep;
  return async (pages) => {
    // page-guard's frame-ancestors policy, completed: one CSP header, not two.
    pages.addHook('onRequest', async (_request, reply) => {
      reply.header('content-security-policy', policy);
    });

    await pages.register(fastifyStatic, {
      root: dist,
      // One route per file of the build, found at start: the server serves the build it started with.
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      dotfiles: 'deny',
      // The server's copy of the app (server rendering) is for this process, not for browsers.
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
          app: pages,
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
    pages.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0]!;
      if ((request.method === 'GET' || request.method === 'HEAD') && !isFileLike(pathname)) {
        if (await renderer?.render(request, reply)) return reply;
        return reply.sendFile('index.html');
      }
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    });
  };
}

/** The production server: the app (server/app.ts) serving the build in `dist`. */
export async function createProductionServer(options: {
  dist: string;
  config: AppConfig;
  handler: ApiHandler;
  /** Tests mounting many servers: no log lines. */ quiet?: boolean;
  /** The first screen of a timeline as HTML (server/http/render.ts) when the build has its server copy (`SSR=1` for `npm start`). */
  serverRendering?: boolean;
  /** Tests: shorter than REQUEST_TIMEOUTS, to see one pass. */
  requestTimeouts?: typeof REQUEST_TIMEOUTS;
  /** Tests: which socket addresses /metrics serves without a token (loopback's by default). */
  isLocalPeer?: (address: string | undefined) => boolean;
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
  const server = await createApp({
    config,
    api: handler,
    quiet: options.quiet,
    requestTimeouts: options.requestTimeouts,
    isLocalPeer: options.isLocalPeer,
    pages: productionPages({ dist, indexHtml, config, handler, policy, serverRendering: options.serverRendering }),
  });
  return { ...server, policy };
}
