import Big from 'big.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ArchiveStore } from '../store/archive-store.ts';
import type { LedgerStore } from '../store/ledger-store.ts';
import type { StoreKind } from '../store/open.ts';
import type { CallsPage, SessionState } from '../../src/contract/index.ts';
import { callDetail } from './call-detail.ts';
import { normalisedError } from './errors.ts';
import type { ExchangeStore } from './inspector-store.ts';
import type { Limits } from '../budget/limits.ts';
import type { Prices } from './prices.ts';
import { readLimitedBody } from './read-body.ts';
import { sendError, sendJson } from './send.ts';

export interface SessionContext {
  ledger: LedgerStore;
  archive: ArchiveStore;
  limits: Limits;
  prices: Prices;
  exchanges: ExchangeStore;
  mode: 'demo' | 'upstream';
  upstreamLabel: string;
  storeKind: StoreKind;
  /** How long a first page or a search is served from the archive: the UI says when one would be bought again. */
  archiveFreshForMs: number;
}

/** Rows sent with the session state: the newest page; older ones come from /api/_session/calls. */
export const FIRST_ROWS = 100;
const MAX_ROWS = 500;

function pageSize(url: URL, fallback: number): number | null {
  const raw = url.searchParams.get('limit');
  if (raw === null) return fallback;
  return /^\d{1,4}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= MAX_ROWS ? Number(raw) : null;
}

/**
 * Totals, budget and prices, with one page of rows: its size does not grow with the ledger. Typed by the
 * contract's schema the browser parses with (src/contract/session.ts): a field missing here does not compile.
 */
export async function sessionState(
  { ledger, limits, prices, mode, upstreamLabel, storeKind, archiveFreshForMs }: SessionContext,
  rowLimit = FIRST_ROWS,
): Promise<SessionState> {
  await prices.refresh();
  const [session, figures, page, pastSessions] = [
    await ledger.summary(),
    await ledger.budgetFigures(),
    await ledger.rowsPage({ limit: rowLimit }),
    await ledger.pastSessions(),
  ];
  return {
    mode,
    upstream: upstreamLabel,
    store: storeKind,
    archive: { freshForMs: archiveFreshForMs },
    session,
    budget: limits.state(figures),
    prices: prices.state(),
    // Oldest first within the page, as the table and the chart have always read them.
    rows: page.rows.reverse(),
    olderRowsCursor: page.nextCursor,
    pastSessions,
  };
}

const SHAPE = 'The body must be a JSON object like {"limit":"25"}, or {"limit":null} to clear your limit';

/** The personal limit from a PUT body, or why the body is refused. Anything malformed is a 400, never a 500. */
async function readLimit(request: IncomingMessage): Promise<{ limit: string | null } | { problem: string }> {
  let body: unknown;
  try {
    body = JSON.parse(await readLimitedBody(request, 4096));
  } catch {
    return { problem: `${SHAPE}.` };
  }
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
export async function handleSessionRoute(
  subpath: string,
  url: URL,
  request: IncomingMessage,
  response: ServerResponse,
  context: SessionContext,
) {
  const method = request.method ?? 'GET';
  if (subpath === '' && method === 'GET') {
    const limit = pageSize(url, FIRST_ROWS);
    if (limit === null)
      return sendError(
        response,
        normalisedError(400, 'bad_request', `limit must be a whole number from 1 to ${MAX_ROWS}`),
      );
    return sendJson(response, 200, await sessionState(context, limit));
  }
  if (subpath === '/calls' && method === 'GET') {
    const limit = pageSize(url, FIRST_ROWS);
    const before = url.searchParams.get('before');
    const session = url.searchParams.get('session') ?? undefined;
    if (
      limit === null ||
      (before !== null && !/^\d{1,15}$/.test(before)) ||
      (session !== undefined && !/^[\w-]{1,64}$/.test(session))
    ) {
      return sendError(
        response,
        normalisedError(
          400,
          'bad_request',
          `Page with ?before=<cursor from olderRowsCursor or nextCursor>&limit=1..${MAX_ROWS}&session=<id>`,
        ),
      );
    }
    const page = await context.ledger.rowsPage({
      sessionId: session,
      before: before === null ? undefined : Number(before),
      limit,
    });
    return sendJson(response, 200, {
      rows: page.rows.reverse(),
      nextCursor: page.nextCursor,
      session: page.sessionId,
    } satisfies CallsPage);
  }
  if (subpath === '/new' && method === 'POST') {
    // A new view of the session totals only: the operator's ceiling keeps counting its period.
    await context.ledger.startSession();
    return sendJson(response, 200, await sessionState(context));
  }
  if (subpath === '/budget' && method === 'PUT') {
    const read = await readLimit(request).catch(() => ({ problem: `${SHAPE}, under 4 KB.` }));
    const problem = 'problem' in read ? read.problem : context.limits.personalProblem(read.limit);
    if (problem) return sendError(response, normalisedError(400, 'bad_request', problem));
    if ('limit' in read)
      await context.ledger.setPersonalLimit(read.limit === null ? null : new Big(read.limit).toString());
    return sendJson(response, 200, await sessionState(context));
  }
  const callMatch = /^\/calls\/([\w-]+)$/.exec(subpath);
  if (callMatch && method === 'GET') {
    const detail = await callDetail(callMatch[1]!, context);
    if (!detail) return sendError(response, normalisedError(404, 'not_found', 'No such call in the ledger'));
    return sendJson(response, 200, detail);
  }
  const known = ['', '/new', '/budget', '/calls'].includes(subpath) || callMatch;
  return sendError(
    response,
    normalisedError(known ? 405 : 404, 'bad_request', known ? `Method ${method} not allowed here` : 'No such endpoint'),
  );
}
