import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { PassThrough, pipeline, Readable } from 'node:stream';
import type { PaidOperation } from '../../src/contract/identity.ts';
import type { InlinedPage, PageAssets, PagePlan, PaidResponse, ServerPage } from '../../src/contract/render.ts';
import type { PurchaseResult } from '../purchase/purchase-result.ts';
import { purchaseHeaders, renderedFirstPage } from '../purchase/purchase.ts';
import type { ApiHandler } from '../proxy/handler.ts';
import { lookUpFreeCopies } from '../proxy/history-lookup.ts';
import { MAX_LOOKUP_KEYS } from '../../src/contract/lookup.ts';
import { sendCompressed } from './compress.ts';
import { requestDateStyle } from './date-style.ts';
import { arrivedFromElsewhere, personNavigatedHere } from './navigation-intent.ts';
import { pageAssets } from './page-assets.ts';
import { renderTiming, type RenderTiming } from './render-timing.ts';
import { loadServerEntry } from './server-entry.ts';
import { webRequest } from './web-request.ts';

type PurchasePlan = Extract<PagePlan, { kind: 'purchase' }>;

/** The first page of a rendered page: as the browser would have received it, and as the app renders it (null: not a page). */
interface FirstPage {
  inlined: InlinedPage;
  page: ServerPage | null;
}

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

/**
 * The first page of a rendered page, through the purchaser the browser's /api requests use (`renderedFirstPage`: the
 * archive's copy, or a purchase only for a navigation the person made, recorded as any other); null when there is
 * none to have (a page reached from another site renders the priced button); 'spa' when the browser decides.
 */
async function firstPage(
  handler: ApiHandler,
  request: FastifyRequest,
  { operation, params }: PurchasePlan,
): Promise<FirstPage | null | 'spa'> {
  let answer;
  try {
    answer = await renderedFirstPage(handler.services, {
      operation,
      params,
      mayBuy: personNavigatedHere(request.headers, request.url),
      person: request.person,
    });
  } catch (error) {
    // The store cannot be read (its database stopped): the app's own request will say so, and buys nothing meanwhile.
    request.log.warn({ err: error }, 'the first page could not be looked up for a rendered page: the app asks for it');
    return 'spa';
  }
  // Marked by page-guard's arrival cookie: the browser shows the priced button too, so both render the same.
  if (!answer) return arrivedFromElsewhere(request.headers, request.url) ? null : 'spa';
  const paid = paidPage(answer);
  const inlined = {
    operation: operation as PaidOperation,
    params,
    answer: { status: answer.status, text: answer.text, headers: purchaseHeaders(answer) },
  };
  return { inlined, page: paid ? { operation, params, answer: paid } : null };
}

export interface PageRenderer {
  /** Sends the server-rendered page and returns true, or returns false (nothing sent) for the SPA's index.html. */
  render(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/**
 * Server rendering of the first screen (issue 14, part 4) on TanStack Router's own SSR (src/entry-server.tsx):
 * the first timeline or search page as HTML, streamed, with the query cache dehydrated into it. The data comes
 * from the archive (free) or, for a navigation the person made, from the purchaser the browser's /api requests
 * use; a page reached from another site without an archived copy renders the priced button.
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
  const loaded = await loadServerEntry(options.dist, options.app.log);
  if (!loaded) return null;
  const { entry, assets } = loaded;
  const { handler } = options;

  /** Headers every rendered page carries: its policy, and revalidation on every use (as index.html). */
  function pageHeaders(reply: FastifyReply, nonce: string) {
    void reply
      .header('content-security-policy', options.policyFor([`'nonce-${nonce}'`], []))
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
  }

  /**
   * Starts the page: its headers and head go at once (the browser fetches the style sheet and the app while the
   * server looks up, buys and renders the first page); the rest is written to the stream returned.
   */
  function startPage(
    request: FastifyRequest,
    reply: FastifyReply,
    { nonce, pageFiles, timing }: { nonce: string; pageFiles: PageAssets; timing: RenderTiming },
  ) {
    pageHeaders(reply, nonce);
    timing.trailer();
    const body = new PassThrough();
    body.on('error', (error) => request.log.warn({ err: error }, 'a rendered page stopped streaming'));
    body.write(entry.pageHead(nonce, pageFiles));
    return { body, sent: sendCompressed(request, reply, body) };
  }

  /** What the archive says of the pages the first screen prices (null: not read; the browser asks). */
  async function pricesFor(page: ServerPage | null, request: FastifyRequest) {
    if (!page) return null;
    try {
      return await lookUpFreeCopies(entry.pricedKeys(page).slice(0, MAX_LOOKUP_KEYS), handler.services.store);
    } catch (error) {
      request.log.warn({ err: error }, 'the archive could not be read for the prices of a rendered page: the app asks');
      return null;
    }
  }

  return {
    async render(request, reply) {
      if (request.method !== 'GET') return false;
      const timing = renderTiming(reply);
      const plan = entry.planPage(request.url);
      if (plan.kind === 'spa') return false;
      const nonce = randomBytes(16).toString('base64');
      const pageFiles = pageAssets(request.url.split('?')[0]!, assets);
      // Sure to be a page of ours whatever the first page turns out to be: its head goes before the store is read.
      const headFirst =
        plan.kind === 'page' ||
        personNavigatedHere(request.headers, request.url) ||
        arrivedFromElsewhere(request.headers, request.url);
      let page = headFirst ? startPage(request, reply, { nonce, pageFiles, timing }) : null;
      // Out of the event loop's way once, so the head leaves before the store is read and the page rendered.
      if (page) await new Promise((resolve) => setImmediate(resolve));
      timing.mark('plan');
      const first = plan.kind === 'purchase' ? await firstPage(handler, request, plan) : null;
      timing.mark('page');
      if (first === 'spa' && !page) return false;
      page ??= startPage(request, reply, { nonce, pageFiles, timing });
      const { body, sent } = page;
      /** The rest of the page unrendered, with the server's answer (if any) for the browser to read as its own. */
      const finishUnrendered = async (inlined: InlinedPage | null) => {
        body.end(entry.answerBody(inlined, nonce, pageFiles));
        await sent;
        return true;
      };
      // After the head: the store could not be read. The app asks for the page itself, as it would from index.html.
      if (first === 'spa') return finishUnrendered(null);
      if (first && !first.page) return finishUnrendered(first.inlined);
      // The meter and the prices are on the page before the app runs (free: the ledger and the archive, not the upstream).
      const [meter, prices] = await Promise.all([
        handler.meter(request.person).catch((error: unknown) => {
          request.log.warn({ err: error }, 'the meter could not be read for a rendered page: the app reads it');
          return null;
        }),
        pricesFor(first?.page ?? null, request),
      ]);
      timing.mark('meter');
      let response;
      try {
        response = await entry.renderPage({
          request: webRequest(request, reply),
          page: first?.page ?? null,
          prices,
          dates: requestDateStyle(request.headers),
          meter,
          nonce,
          assets: pageFiles,
        });
      } catch (error) {
        request.log.error({ err: error }, 'server rendering failed: sending the app without it');
        response = null;
      }
      timing.mark('render');
      // The app renders it; the answer the server has is still the browser's, so it is not asked for again.
      if (!response?.body) return finishUnrendered(first?.inlined ?? null);
      pipeline(
        Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>),
        body,
        () => undefined,
      );
      await sent;
      return true;
    },
  };
}
