import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { PaidOperation } from '../../src/contract/identity.ts';
import type {
  InlinedPage,
  PageAssets,
  PagePlan,
  PaidResponse,
  ServerEntry,
  ServerPage,
} from '../../src/contract/render.ts';
import type { PurchaseResult } from '../purchase/purchase-result.ts';
import { purchaseHeaders } from '../purchase/purchase.ts';
import type { ApiHandler } from '../proxy/handler.ts';
import { requestDateStyle } from './date-style.ts';
import { loadAfterFirstPaint } from './load-after-paint.ts';
import { arrivedFromElsewhere, personNavigatedHere } from './navigation-intent.ts';
import { readBuildAssets, type BuildAssets } from './page-assets.ts';

/** Where `vite build --ssr src/entry-server.tsx --outDir <dist>/server` puts the server's copy of the app. */
export const SERVER_ENTRY = path.join('server', 'entry-server.js');
/** What the app loads to hydrate a rendered page (src/app/hydrate-server-page.tsx), by its chunk's name. */
const HYDRATION_CHUNK = 'hydrate-server-page';
/** The routes whose own chunk (and what it imports) a rendered page preloads, by the chunk's name in the build. */
const ROUTE_CHUNKS: Record<string, string> = { '/timeline': 'timeline', '/search': 'search' };

type PurchasePlan = Extract<PagePlan, { kind: 'purchase' }>;

/**
 * The purchaser's answer read as the browser reads one (src/api/client.ts), for the page's query data: the
 * one place the server turns a purchase into what the app renders. An answer that is not a page (not found,
 * refused, failed) is null: the browser is handed it as it stands.
 */
function paidPage(answer: PurchaseResult): PaidResponse | null {
  if (answer.status < 200 || answer.status >= 300) return null;
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    return null;
  }
  if ((json as { success?: unknown } | null)?.success === false) return null;
  const named = Date.parse(answer.boughtAt ?? '');
  // The moment is the server's, so the browser hydrates the same "As of" (its own clock may be hours off).
  const boughtAt = Number.isFinite(named) ? named : Date.now();
  return answer.source === 'archive'
    ? { json, callId: answer.callId, credits: '0', boughtAt, fromArchive: true }
    : { json, callId: answer.callId, credits: answer.credits ?? '0', boughtAt };
}

/** The page is made per request: compressed quickly, and flushed as React writes it (the build's files use the slow settings). */
function compressor(
  header: string | undefined,
): { encoding: 'br' | 'gzip'; stream: zlib.BrotliCompress | zlib.Gzip } | null {
  if (header && /\bbr\b/.test(header))
    return {
      encoding: 'br',
      stream: zlib.createBrotliCompress({
        flush: zlib.constants.BROTLI_OPERATION_FLUSH,
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
      }),
    };
  if (header && /\bgzip\b/.test(header))
    return { encoding: 'gzip', stream: zlib.createGzip({ level: 6, flush: zlib.constants.Z_SYNC_FLUSH }) };
  return null;
}

/** The document request as a web Request for the router: its address, headers, and a signal that ends with the connection. */
function webRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const aborted = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) aborted.abort(new Error('the browser closed the connection'));
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers))
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const each of value) headers.append(name, each);
  return new Request(new URL(request.url, 'http://localhost'), { headers, signal: aborted.signal });
}

export interface PageRenderer {
  /** Sends the server-rendered page and returns true, or returns false (nothing sent) for the SPA's index.html. */
  render(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/**
 * Server rendering of the first screen (issue 14, part 4) on TanStack Router's own SSR (src/entry-server.tsx):
 * the first timeline or search page as HTML, streamed, with the query cache dehydrated into it. The data comes
 * from the archive (free) or, for a navigation the person made, from the purchaser the browser's /api requests
 * use (the same journal, budget, ledger and archive, so it is one purchase, recorded as any other); a page
 * reached from another site without an archived copy renders the priced button. Anything unexpected (no server
 * build, a failed purchase, an error before the first byte) falls back to the SPA, never a crash.
 */
export async function loadPageRenderer(options: {
  dist: string;
  indexHtml: string;
  app: FastifyInstance;
  handler: ApiHandler;
  /** The page's Content-Security-Policy, given the sources of its inline scripts (here the response's nonce) and style sheets. */
  policyFor: (scriptSources: string[], styleHashes: string[]) => string;
}): Promise<PageRenderer | null> {
  const file = path.resolve(options.dist, SERVER_ENTRY);
  if (!fs.existsSync(file)) return null;
  const assets = readBuildAssets(options.dist);
  if (!assets) {
    options.app.log.warn('server rendering off: the build has no manifest (.vite/manifest.json)');
    return null;
  }
  let entry: ServerEntry;
  // React's production server renderer (the development one is several times slower and writes stack traces into the page).
  process.env.NODE_ENV ??= 'production';
  try {
    entry = ((await import(pathToFileURL(file).href)) as { default: ServerEntry }).default;
  } catch (error) {
    options.app.log.warn({ err: error }, 'server rendering off: the server build could not be loaded');
    return null;
  }
  const { handler } = options;

  function pageAssets(pathname: string, build: BuildAssets): PageAssets {
    const routeChunk = ROUTE_CHUNKS[pathname];
    return {
      entry: build.entry,
      styleSheets: build.styleSheets,
      modulePreloads: [
        ...build.entryImports,
        ...build.chunkModules(HYDRATION_CHUNK),
        ...(routeChunk ? build.chunkModules(routeChunk) : []),
      ],
      script: loadAfterFirstPaint(build.entry),
    };
  }

  /**
   * The first page (archived, or bought for a navigation the person made) and the page to render with when it
   * is one; null when there is none to have; 'spa' when the browser decides.
   */
  async function firstPage(
    request: FastifyRequest,
    { operation, params }: PurchasePlan,
  ): Promise<{ inlined: InlinedPage; page: ServerPage | null } | null | 'spa'> {
    let answer;
    try {
      answer = await handler.page(operation, params, personNavigatedHere(request.headers), request.person);
    } catch (error) {
      // The store cannot be read (its database stopped): the app's own request will say so, and buys nothing meanwhile.
      request.log.warn(
        { err: error },
        'the first page could not be looked up for a rendered page: the app asks for it',
      );
      return 'spa';
    }
    // Marked by page-guard's arrival cookie: the browser shows the priced button too, so both render the same.
    if (!answer) return arrivedFromElsewhere(request.headers) ? null : 'spa';
    const paid = paidPage(answer);
    const inlined = {
      operation: operation as PaidOperation,
      params,
      answer: { status: answer.status, text: answer.text, headers: purchaseHeaders(answer) },
    };
    return { inlined, page: paid ? { operation, params, answer: paid } : null };
  }

  /** Headers every rendered page carries: its policy, and revalidation on every use (as index.html). */
  function pageHeaders(reply: FastifyReply, nonce: string) {
    void reply
      .header('content-security-policy', options.policyFor([`'nonce-${nonce}'`], []))
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
  }

  function send(request: FastifyRequest, reply: FastifyReply, body: Readable | string) {
    const compressed = compressor(request.headers['accept-encoding']);
    if (!compressed) return reply.send(body);
    void reply.header('content-encoding', compressed.encoding);
    if (typeof body === 'string') compressed.stream.end(body);
    // A page that stops streaming part-way ends its compressed stream too (and the connection), never leaves it open.
    else pipeline(body, compressed.stream, () => undefined);
    return reply.send(compressed.stream);
  }

  /** The app's own page with the server's answer inlined, unrendered: the browser reads it as if it had asked. */
  async function sendAnswer(request: FastifyRequest, reply: FastifyReply, inlined: InlinedPage) {
    const nonce = randomBytes(16).toString('base64');
    pageHeaders(reply, nonce);
    await send(request, reply, entry.answerPage(inlined, nonce, pageAssets('', assets!)));
    return true;
  }

  return {
    async render(request, reply) {
      if (request.method !== 'GET') return false;
      const plan = entry.planPage(request.url);
      if (plan.kind === 'spa') return false;
      const first = plan.kind === 'purchase' ? await firstPage(request, plan) : null;
      if (first === 'spa') return false;
      if (first && !first.page) return sendAnswer(request, reply, first.inlined);
      // The meter and the prices are on the page before the app runs (free: the ledger, not the upstream).
      const meter = await handler.meter(request.person).catch((error: unknown) => {
        request.log.warn({ err: error }, 'the meter could not be read for a rendered page: the app reads it');
        return null;
      });
      const nonce = randomBytes(16).toString('base64');
      let response;
      try {
        response = await entry.renderPage({
          request: webRequest(request, reply),
          page: first?.page ?? null,
          dates: requestDateStyle(request.headers),
          meter,
          nonce,
          assets: pageAssets(request.url.split('?')[0]!, assets),
        });
      } catch (error) {
        request.log.error({ err: error }, 'server rendering failed: sending the app without it');
        response = null;
      }
      // The app renders it; the answer the server has is still the browser's, so it is not asked for again.
      if (!response?.body) return first ? sendAnswer(request, reply, first.inlined) : false;
      pageHeaders(reply, nonce);
      const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>);
      body.on('error', (error) => request.log.warn({ err: error }, 'a rendered page stopped streaming'));
      await send(request, reply.code(response.status), body);
      return true;
    },
  };
}
