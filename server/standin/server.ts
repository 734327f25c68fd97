import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ECHO_FORMS, echoInHeaders, echoInPosts } from './echo.ts';
import { ODD_TEXT, oddTextInPosts } from './odd-text.ts';
import { FaultBook, sendFault, type FaultRule } from './faults.ts';
import { renderSvg } from './media.ts';
import { searchResults } from './search.ts';
import { timelinePage } from './timeline.ts';
import { findUser } from './users.ts';
import type { PaidOperation } from '../../src/contract/operations.ts';

export const CREDITS = { timeline: 0.1, search: 0.2 } as const;
/** Requests a minute the stand-in says it allows (x-ratelimit-*). */
const RATE_LIMIT = 600;

export interface StandinOptions {
  token: string;
  port?: number;
  host?: string;
  /** Fixed "now" for reproducible timestamps; defaults to the start of the current hour. */
  now?: Date;
}

export interface LoggedRequest {
  at: string;
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | null;
  cookie: string | null;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The stand-in upstream: the spec's two operations, media, and a control API for tests. */
export async function startStandin(options: StandinOptions) {
  const faults = new FaultBook();
  // What each page costs; a test sets other prices with POST /_control/credits (a real upstream's can change).
  const credits: Record<PaidOperation, number> = { ...CREDITS };
  const log: LoggedRequest[] = [];
  // Posts published since the stand-in started, by the handle (or id) as asked, `__tag` included so tests stay
  // apart: POST /_control/grow { screen_name, posts } puts that many newer posts at the top of its first page.
  const grown = new Map<string, number>();
  const growthKey = (query: { screen_name?: unknown; rest_id?: unknown }) =>
    typeof query.screen_name === 'string' && query.screen_name
      ? `@${query.screen_name.toLowerCase()}`
      : `#${String(query.rest_id ?? '')}`;
  const now = options.now ?? new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
  let origin = '';

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://standin.local');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    };
    try {
      const raw = await readBody(request);
      if (url.pathname.startsWith('/_control/')) return control(url, request.method ?? 'GET', raw, send);
      if (url.pathname.startsWith('/media/')) return media(url, response);
      if (!url.pathname.startsWith('/v1/')) return send(404, { success: false, message: 'Not found' });

      const query = Object.fromEntries(url.searchParams);
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      rateLimitHeaders(response);
      log.push({
        at: new Date().toISOString(),
        method: request.method ?? '',
        path: url.pathname,
        query,
        body,
        authorization: request.headers.authorization ?? null,
        cookie: request.headers.cookie ?? null,
      });
      if (log.length > 20_000) log.splice(0, log.length - 20_000);

      if (request.headers.authorization !== `Bearer ${options.token}`) {
        return send(401, { success: false, message: 'Unauthorized: missing or invalid bearer token' });
      }
      const subject = [query.screen_name, query.rest_id, query.cursor, (body as { q?: unknown })?.q]
        .filter(Boolean)
        .join(' ');
      const fault = faults.take(subject);
      if (fault?.latencyMs) await sleep(fault.latencyMs);
      if (fault && (fault.status !== undefined || fault.body))
        return sendFault(response, fault, send, request.headers.authorization);

      if (url.pathname === '/v1/social/microblog/posts' && request.method === 'GET') {
        return timeline(query, send, ECHO_FORMS.test(subject) ? { response, token: options.token } : null);
      }
      if (url.pathname === '/v1/search' && request.method === 'POST') return search(body, send);
      return send(404, { success: false, message: `No route ${request.method} ${url.pathname}` });
    } catch (error) {
      send(500, { success: false, message: `Stand-in failure: ${(error as Error).message}` });
    }
  });

  // Advisory only, as many APIs send them: the request inspector shows them, and nothing here enforces them.
  const rateWindow = { start: 0, used: 0 };
  function rateLimitHeaders(response: ServerResponse) {
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    if (rateWindow.start !== minute) Object.assign(rateWindow, { start: minute, used: 0 });
    rateWindow.used += 1;
    response.setHeader('x-ratelimit-limit', String(RATE_LIMIT));
    response.setHeader('x-ratelimit-remaining', String(Math.max(0, RATE_LIMIT - rateWindow.used)));
    response.setHeader('x-ratelimit-reset', String(Math.ceil((minute + 60_000 - Date.now()) / 1000)));
  }

  function timeline(
    query: Record<string, string>,
    send: (status: number, body: unknown) => void,
    echo: { response: ServerResponse; token: string } | null,
  ) {
    if (!query.screen_name && !query.rest_id)
      return send(400, { success: false, message: 'screen_name or rest_id is required' });
    const user = findUser({ screenName: query.screen_name, restId: query.rest_id });
    if (!user) return send(404, { success: false, error: { code: 'USER_NOT_FOUND', message: 'User not found' } });
    const growth = grown.get(growthKey(query)) ?? 0;
    // Exactly `growth` posts on top of the first page, every post on it keeping its id (postId counts from the
    // oldest): the posts once held back for "Check for new posts" give way to them.
    const shown = growth > 0 ? { ...user, postCount: user.postCount - user.newerPosts + growth, newerPosts: 0 } : user;
    const data = timelinePage(shown, query.cursor, { mediaBase: origin, now });
    if (!data) return send(400, { success: false, message: 'Invalid cursor' });
    if (ODD_TEXT.test(query.screen_name ?? '')) oddTextInPosts(data.timeline as { text?: unknown }[]);
    if (echo) {
      echoInPosts(data.timeline as { text?: unknown }[], echo.token);
      echoInHeaders(echo.response, echo.token);
    }
    send(200, { success: true, data, meta: { credits: credits.timeline } });
  }

  function search(body: unknown, send: (status: number, body: unknown) => void) {
    const input = (body ?? {}) as Record<string, unknown>;
    if (typeof input.q !== 'string' || !input.q.trim()) return send(400, { success: false, message: 'q is required' });
    const num = input.num === undefined ? 10 : Number(input.num);
    if (!Number.isInteger(num) || num < 1 || num > 100)
      return send(400, { success: false, message: 'num must be an integer from 1 to 100' });
    const page = input.page === undefined ? 1 : Number(input.page);
    if (!Number.isInteger(page) || page < 1)
      return send(400, { success: false, message: 'page must be a positive integer' });
    const data = searchResults({
      q: input.q,
      num,
      page,
      site: input.site as string | undefined,
      hl: input.hl as string | undefined,
    });
    send(200, { success: true, data, meta: { credits: credits.search } });
  }

  function media(url: URL, response: ServerResponse) {
    const id = url.pathname.slice('/media/'.length).replace(/\.svg$/, '');
    const clamp = (value: string | null, fallback: number) => Math.min(4000, Math.max(16, Number(value) || fallback));
    response
      .writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' })
      .end(
        renderSvg(
          id,
          clamp(url.searchParams.get('w'), 600),
          clamp(url.searchParams.get('h'), 400),
          url.searchParams.has('play'),
        ),
      );
  }

  function control(url: URL, method: string, raw: string, send: (status: number, body: unknown) => void) {
    const route = url.pathname.slice('/_control/'.length);
    if (route === 'faults' && method === 'POST') {
      faults.add(JSON.parse(raw) as FaultRule);
      return send(200, { ok: true });
    }
    if (route === 'faults' && method === 'DELETE') {
      faults.clear();
      return send(200, { ok: true });
    }
    if (route === 'credits' && method === 'POST') {
      Object.assign(credits, JSON.parse(raw) as Partial<typeof credits>);
      return send(200, credits);
    }
    if (route === 'grow' && method === 'POST') {
      const asked = JSON.parse(raw) as { screen_name?: unknown; rest_id?: unknown; posts?: unknown };
      const posts = Number(asked.posts);
      if (!Number.isInteger(posts) || posts < 0 || posts > 10_000 || (!asked.screen_name && !asked.rest_id))
        return send(400, { success: false, message: 'grow takes {"screen_name":"ada","posts":3} (or rest_id)' });
      const key = growthKey(asked);
      grown.set(key, (grown.get(key) ?? 0) + posts);
      return send(200, { grown: grown.get(key) });
    }
    if (route === 'log' && method === 'GET') {
      const match = url.searchParams.get('match');
      return send(200, match ? log.filter((entry) => JSON.stringify(entry).includes(match)) : log);
    }
    if (route === 'reset' && method === 'POST') {
      faults.clear();
      log.length = 0;
      grown.clear();
      Object.assign(credits, CREDITS);
      return send(200, { ok: true });
    }
    send(404, { success: false, message: 'Unknown control route' });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  origin = `http://${address.address}:${address.port}`;
  return {
    url: origin,
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
