import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Ledger } from '../ledger/ledger.ts';
import { normalisedError } from './errors.ts';
import type { ExchangeStore } from './inspector-store.ts';
import type { Limits } from './limits.ts';
import type { Prices } from './prices.ts';
import { sendError, sendJson } from './send.ts';

export interface SessionContext { ledger: Ledger; limits: Limits; prices: Prices; exchanges: ExchangeStore; mode: 'demo' | 'upstream'; upstreamLabel: string }

async function readText(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request as AsyncIterable<Buffer>) {
    text += chunk.toString('utf8');
    if (text.length > 4096) throw new Error('too large');
  }
  return text;
}

export function sessionState({ ledger, limits, prices, mode, upstreamLabel }: SessionContext) {
  return {
    mode, upstream: upstreamLabel,
    session: ledger.summary(),
    budget: limits.state(),
    prices: prices.state(),
    rows: ledger.rows(),
    pastSessions: ledger.pastSessions(),
  };
}

const SHAPE = 'The body must be a JSON object like {"limit":"25"}, or {"limit":null} to clear your limit';

/** The personal limit from a PUT body, or why the body is refused. Anything malformed is a 400, never a 500. */
async function readLimit(request: IncomingMessage): Promise<{ limit: string | null } | { problem: string }> {
  let body: unknown;
  try { body = JSON.parse(await readText(request)); } catch { return { problem: `${SHAPE}.` }; }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { problem: `${SHAPE}.` };
  const unknown = Object.keys(body).filter((key) => key !== 'limit');
  if (unknown.length > 0) return { problem: `Unknown field ${unknown.map((key) => `"${key}"`).join(', ')}. ${SHAPE}.` };
  if (!('limit' in body)) return { problem: `"limit" is missing. ${SHAPE}.` };
  const { limit } = body as { limit: unknown };
  if (limit === null) return { limit: null };
  const text = typeof limit === 'number' && Number.isFinite(limit) ? String(limit) : limit;
  if (typeof text !== 'string' || !/^\d+(\.\d+)?$/.test(text)) {
    return { problem: 'limit must be a non-negative number such as "25" or "0.5", or null to clear your limit' };
  }
  return { limit: text };
}

/** `/api/_session`: the ledger as the UI reads it. Free: nothing here reaches the upstream. */
export async function handleSessionRoute(subpath: string, request: IncomingMessage, response: ServerResponse, context: SessionContext) {
  const method = request.method ?? 'GET';
  if (subpath === '' && method === 'GET') return sendJson(response, 200, sessionState(context));
  if (subpath === '/new' && method === 'POST') {
    // A new view of the session totals only: the operator's ceiling keeps counting from server start.
    context.ledger.startSession();
    return sendJson(response, 200, sessionState(context));
  }
  if (subpath === '/budget' && method === 'PUT') {
    const read = await readLimit(request).catch(() => ({ problem: `${SHAPE}, under 4 KB.` }));
    const problem = 'problem' in read ? read.problem : context.limits.setPersonal(read.limit);
    if (problem) return sendError(response, normalisedError(400, 'bad_request', problem));
    return sendJson(response, 200, sessionState(context));
  }
  const callMatch = /^\/calls\/([\w-]+)$/.exec(subpath);
  if (callMatch && method === 'GET') {
    const row = context.ledger.findRow(callMatch[1]!);
    if (!row) return sendError(response, normalisedError(404, 'not_found', 'No such call in the ledger'));
    return sendJson(response, 200, { row, exchange: context.exchanges.get(row.id) ?? null });
  }
  const known = ['', '/new', '/budget'].includes(subpath) || callMatch;
  return sendError(response, normalisedError(known ? 405 : 404, 'bad_request', known ? `Method ${method} not allowed here` : 'No such endpoint'));
}
