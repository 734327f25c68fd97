import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { PipeableStream } from 'react-dom/server';
import { pathToFileURL } from 'node:url';
import { readApiResponse, type PaidResponse } from '../../src/api/client.ts';
import type { InlinedPage } from '../../src/api/early/server-answer.ts';
import type { PaidOperation } from '../../src/api/identity.ts';
import type { ApiHandler } from '../proxy/handler.ts';
import { purchaseHeaders } from '../proxy/send.ts';
import { HEADER } from '../../src/contract/index.ts';
import { inlineScriptHashes } from './csp.ts';
import { inlineStyleSheets } from './inline-styles.ts';
import { HOLD_CLICKS_SCRIPT } from '../../src/lib/held-clicks.ts';
import { ENTRY_SCRIPT, loadAfterFirstPaint } from './load-after-paint.ts';
import { dateStyleAttributes, requestDateStyle } from './date-style.ts';
import { arrivedFromElsewhere, personNavigatedHere } from './navigation-intent.ts';
import type { DateStyle } from '../../src/lib/date-style.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The page to render with: which purchase, and the proxy's answer as the browser would have read it. */
interface ServerPage {
  operation: PaidOperation;
  params: Record<string, unknown>;
  answer: PaidResponse;
}
type PagePlan =
  { kind: 'purchase'; operation: PaidOperation; params: Record<string, unknown> } | { kind: 'page' } | { kind: 'spa' };

/** What src/entry-server.tsx exports (built by Vite; this process never compiles JSX). */
interface ServerEntry {
  SERVER_PAGE_ID: string;
  SERVER_METER_ID: string;
  planPage(href: string): PagePlan;
  renderPage(
    href: string,
    page: ServerPage | null,
    dates: DateStyle,
    meter: unknown,
    onError: (error: unknown) => void,
  ): Promise<PipeableStream | null>;
}

/** Where `vite build --ssr src/entry-server.tsx --outDir <dist>/server` puts the server's copy of the app. */
export const SERVER_ENTRY = path.join('server', 'entry-server.js');
const ROOT = '<div id="root"></div>';
/** The SPA's early first-page fetch (server/build/inline-early-fetch.ts): a rendered page already holds that page. */
const ROUTE_CHUNK_PRELOAD =
  /<script>if \(location\.pathname === "\/timeline"\)[^<]*?l\.href = "([^"<]+)"[^<]*<\/script>/;
/** Where the timeline route's chunk preload goes, on a timeline page only. */
const ROUTE_CHUNK_SLOT = '<!--route-chunk-->';
const EARLY_FETCH = /<script>(?:(?!<\/script>)[\s\S])*__creditscopeEarly[\s\S]*?<\/script>\s*/;

/** Everything React writes; the page is sent whole, once its policy can name every inline script in it. */
function collect(stream: PipeableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.pipe(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
        final(done) {
          resolve(Buffer.concat(chunks).toString('utf8'));
          done();
        },
        destroy(error, done) {
          if (error) reject(error);
          done(error);
        },
      }),
    );
  });
}

/** The page is made per request: compressed quickly (the build's files use the slow, thorough settings). */
function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  if (/\bbr\b/.test(header)) return 'br';
  return /\bgzip\b/.test(header) ? 'gzip' : null;
}

function compress(encoding: 'br' | 'gzip', html: string): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(html, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
        },
      })
    : gzip(html, { level: 6 });
}

function escapeJson(value: unknown): string {
  // Inside <script type="application/json"> only `</script` and `<!--` could end it early; `<` never appears raw.
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Data for the app beside the page: JSON, not a script (the policy needs no hash for it). */
function inlinedJson(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${escapeJson(value)}</script>`;
}

export interface PageRenderer {
  /** Sends the server-rendered page and returns true, or returns false (nothing sent) for the SPA's index.html. */
  render(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/**
 * Server rendering of the first screen (issue 14, part 4): the first timeline page as HTML, with the
 * proxy's answer inlined for the browser's cache. The data comes from the archive (free) or, for a
 * navigation the person made, from the purchaser the browser's /api requests use (the same journal,
 * budget, ledger and archive, so it is one purchase, recorded as any other); a page
 * reached from another site without an archived copy renders the priced button. Anything unexpected
 * (no server build, a failed purchase, an error while rendering) falls back to the SPA, never a crash.
 */
export async function loadPageRenderer(options: {
  dist: string;
  indexHtml: string;
  app: FastifyInstance;
  handler: ApiHandler;
  /** The page's Content-Security-Policy, given the hashes of every inline script and style sheet in it. */
  policyFor: (scriptHashes: string[], styleHashes: string[]) => string;
}): Promise<PageRenderer | null> {
  const file = path.resolve(options.dist, SERVER_ENTRY);
  if (!fs.existsSync(file)) return null;
  let entry: ServerEntry;
  // React's production server renderer (the development one is several times slower and writes stack traces into the page).
  process.env.NODE_ENV ??= 'production';
  try {
    entry = (await import(pathToFileURL(file).href)) as ServerEntry;
  } catch (error) {
    options.app.log.warn({ err: error }, 'server rendering off: the server build could not be loaded');
    return null;
  }
  const { handler } = options;
  const rootAt = options.indexHtml.indexOf(ROOT);
  if (rootAt < 0) return null;
  // The route-chunk preload (server/build/preload-route-chunk.ts) is a script that waits for the style sheet
  // and holds the parser (and the posts) until then: a page the server renders names the chunk as a link.
  // Only a timeline page wants the timeline's chunk early: a search page would load it for nothing.
  let timelineChunk = '';
  const { head, styleHashes } = inlineStyleSheets(
    options.indexHtml
      .slice(0, rootAt)
      .replace(EARLY_FETCH, '')
      .replace(ROUTE_CHUNK_PRELOAD, (_script, href: string) => {
        timelineChunk = `<link rel="modulepreload" href="${href}">`;
        return ROUTE_CHUNK_SLOT;
      }),
    options.dist,
  );
  const tail = options.indexHtml.slice(rootAt + ROOT.length);
  // Clicks before React runs the page are held and replayed (src/lib/held-clicks.ts), and the app itself is
  // asked for once the page has painted; the policy names both scripts by hash.
  const entryHref = ENTRY_SCRIPT.exec(head)?.[1];
  const renderedHead = (entryHref ? head.replace(ENTRY_SCRIPT, '') : head).replace(
    '</head>',
    `<script>${HOLD_CLICKS_SCRIPT}</script></head>`,
  );
  const renderedTail = entryHref ? `<script>${loadAfterFirstPaint(entryHref)}</script>${tail}` : tail;

  /**
   * The proxy's answer for the first page (archived, or bought for a navigation the person made), and the
   * page to render with when it is one; null when there is none to have: 'spa' when the browser decides.
   */
  async function firstPage(
    request: FastifyRequest,
    { operation, params }: Extract<PagePlan, { kind: 'purchase' }>,
  ): Promise<{ inlined: InlinedPage; page: ServerPage | null } | null | 'spa'> {
    let answer;
    try {
      answer = await handler.page(operation, params, personNavigatedHere(request.headers));
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
    const headers = purchaseHeaders(answer);
    const inlined = { operation, params, answer: { status: answer.status, text: answer.text, headers } };
    try {
      const paid = await readApiResponse(
        Promise.resolve(new Response(answer.text, { status: answer.status, headers })),
      );
      const boughtAt = paid.boughtAt ?? Date.now();
      // The browser reads the same moment from the inlined answer, so its hydration says the same "As of"
      // (its own clock would be seconds later, or hours off); an archived answer names its own already.
      if (!paid.fromArchive)
        inlined.answer.headers = { ...headers, [HEADER.boughtAt]: new Date(boughtAt).toISOString() };
      return { inlined, page: { operation, params, answer: { ...paid, boughtAt } } };
    } catch {
      // Not found, refused, failed: the app shows that answer as if it had asked (never asking twice).
      return { inlined, page: null };
    }
  }

  /** The document, compressed when the browser takes it: the policy names every inline script in it (React adds its own). */
  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    page: string,
    inlined: InlinedPage | null,
    after = tail,
  ) {
    const rendered = page.replace(ROUTE_CHUNK_SLOT, request.url.split('?')[0] === '/timeline' ? timelineChunk : '');
    void reply.header('content-security-policy', options.policyFor(inlineScriptHashes(rendered + after), styleHashes));
    const html = `${rendered}${inlined ? inlinedJson(entry.SERVER_PAGE_ID, inlined) : ''}${after}`;
    // Revalidated on every use, as index.html is (it carries no ETag, so it is rendered again each time).
    void reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (encoding) void reply.header('content-encoding', encoding).send(await compress(encoding, html));
    else void reply.send(html);
  }

  return {
    async render(request, reply) {
      if (request.method !== 'GET') return false;
      const plan = entry.planPage(request.url);
      if (plan.kind === 'spa') return false;
      const first = plan.kind === 'purchase' ? await firstPage(request, plan) : null;
      if (first === 'spa') return false;
      if (first && !first.page) {
        await send(request, reply, `${head}${ROOT}`, first.inlined);
        return true;
      }
      let stream;
      const dates = requestDateStyle(request.headers);
      // The meter and the prices are on the page before the app runs (free: the ledger, not the upstream).
      const meter = await handler.meter().catch((error: unknown) => {
        request.log.warn({ err: error }, 'the meter could not be read for a rendered page: the app reads it');
        return null;
      });
      try {
        stream = await entry.renderPage(request.url, first?.page ?? null, dates, meter, (error) =>
          request.log.warn(
            { err: error },
            'part of the page could not be rendered on the server: the browser renders it',
          ),
        );
      } catch (error) {
        request.log.error({ err: error }, 'server rendering failed: sending the app without it');
        stream = null;
      }
      if (!stream) {
        // The app renders it; the answer the server has is still the browser's, so it is not asked for again.
        if (!first) return false;
        await send(request, reply, `${head}${ROOT}`, first.inlined);
        return true;
      }
      // React puts the preloads it finds (images of the first screen) first; they belong in the head, outside what hydrates.
      const [, preloads, body] = /^((?:<link\b[^>]*>)*)([\s\S]*)$/.exec(await collect(stream))!;
      await send(
        request,
        reply,
        `${renderedHead.replace('</head>', `${preloads}</head>`)}<div id="root" data-server-rendered ${dateStyleAttributes(dates)}>${body}</div>${meter ? inlinedJson(entry.SERVER_METER_ID, meter) : ''}`,
        first?.inlined ?? null,
        renderedTail,
      );
      return true;
    },
  };
}
