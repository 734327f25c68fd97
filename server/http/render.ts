import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { InlinedPage } from '../../src/api/early/server-answer.ts';
import type { ServerEntry } from '../../src/render-contract.ts';
import type { ApiHandler } from '../proxy/handler.ts';
import { sendCompressed } from './compress.ts';
import { requestDateStyle } from './date-style.ts';
import { firstPage } from './first-page.ts';
import { pageAssets, readBuildAssets } from './page-assets.ts';
import { webRequest } from './web-request.ts';

/** Where `vite build --ssr src/entry-server.tsx --outDir <dist>/server` puts the server's copy of the app. */
export const SERVER_ENTRY = path.join('server', 'entry-server.js');

export interface PageRenderer {
  /** Sends the server-rendered page and returns true, or returns false (nothing sent) for the SPA's index.html. */
  render(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/**
 * Server rendering of the first screen (issue 14, part 4) on TanStack Router's own SSR (src/entry-server.tsx):
 * the first timeline or search page as HTML, streamed, with the query cache dehydrated into it. The data comes
 * from the archive (free) or, for a navigation the person made, from the purchaser the browser's /api requests
 * use (./first-page.ts); a page reached from another site without an archived copy renders the priced button.
 * Anything unexpected (no server build, a failed purchase, an error before the first byte) falls back to the
 * SPA, never a crash.
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

  /** Headers every rendered page carries: its policy, and revalidation on every use (as index.html). */
  function pageHeaders(reply: FastifyReply, nonce: string) {
    void reply
      .header('content-security-policy', options.policyFor([`'nonce-${nonce}'`], []))
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
  }

  /** The app's own page with the server's answer inlined, unrendered: the browser reads it as if it had asked. */
  async function sendAnswer(request: FastifyRequest, reply: FastifyReply, inlined: InlinedPage) {
    const nonce = randomBytes(16).toString('base64');
    pageHeaders(reply, nonce);
    await sendCompressed(request, reply, entry.answerPage(inlined, nonce, pageAssets('', assets!)));
    return true;
  }

  return {
    async render(request, reply) {
      if (request.method !== 'GET') return false;
      const plan = entry.planPage(request.url);
      if (plan.kind === 'spa') return false;
      const first = plan.kind === 'purchase' ? await firstPage(handler, request, plan) : null;
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
      await sendCompressed(request, reply.code(response.status), body);
      return true;
    },
  };
}
