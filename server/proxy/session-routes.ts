import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Ledger } from '../ledger/ledger.ts';
import { normalisedError } from './errors.ts';
import { sendJson } from './forward.ts';
import type { ExchangeStore } from './inspector-store.ts';

async function readJson(request: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of request as AsyncIterable<Buffer>) {
    text += chunk.toString('utf8');
    if (text.length > 4096) throw new Error('too large');
  }
  return text ? JSON.parse(text) : {};
}

export interface SessionContext { ledger: Ledger; exchanges: ExchangeStore; mode: 'demo' | 'upstream'; upstreamLabel: string }

export function sessionState({ ledger, mode, upstreamLabel }: SessionContext) {
  return {
    mode, upstream: upstreamLabel,
    session: ledger.summary(),
    budget: { limit: ledger.limit, remaining: ledger.remaining(), reached: ledger.budgetReached() },
    rows: ledger.rows(),
    pastSessions: ledger.pastSessions(),
  };
}

/** `/api/_session`: the ledger as the UI reads it. Free: nothing here reaches the upstream. */
export async function handleSessionRoute(subpath: string, request: IncomingMessage, response: ServerResponse, context: SessionContext) {
  const method = request.method ?? 'GET';
  if (subpath === '' && method === 'GET') return sendJson(response, 200, sessionState(context));
  if (subpath === '/new' && method === 'POST') {
    context.ledger.startSession();
    return sendJson(response, 200, sessionState(context));
  }
  if (subpath === '/budget' && method === 'PUT') {
    let body: unknown;
    try { body = await readJson(request); } catch { return sendJson(response, 400, normalisedError(400, 'bad_request', 'Body must be JSON like {"limit":"25"}')); }
    const limit = (body as { limit?: unknown }).limit;
    const text = typeof limit === 'number' ? String(limit) : limit;
    if (text !== null && (typeof text !== 'string' || !/^\d+(\.\d+)?$/.test(text))) {
      return sendJson(response, 400, normalisedError(400, 'bad_request', 'limit must be a non-negative number such as "25" or "0.5", or null for no limit'));
    }
    context.ledger.setLimit(text);
    return sendJson(response, 200, sessionState(context));
  }
  const callMatch = /^\/calls\/([\w-]+)$/.exec(subpath);
  if (callMatch && method === 'GET') {
    const row = context.ledger.findRow(callMatch[1]!);
    if (!row) return sendJson(response, 404, normalisedError(404, 'not_found', 'No such call in the ledger'));
    return sendJson(response, 200, { row, exchange: context.exchanges.get(row.id) ?? null });
  }
  const known = ['', '/new', '/budget'].includes(subpath) || callMatch;
  return sendJson(response, known ? 405 : 404, normalisedError(known ? 405 : 404, 'bad_request', known ? `Method ${method} not allowed here` : 'No such endpoint'));
}
