import Big from 'big.js';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ArchiveStore } from '../store/archive-store.ts';
import type { LedgerStore } from '../store/ledger-store.ts';
import type { StoreKind } from '../store/open.ts';
import { PACE_WINDOW_MS, type CallsPage, type SessionState } from '../../src/contract/index.ts';
import { callDetail } from './call-detail.ts';
import { otherMethods, refuse } from './api-rules.ts';
import type { ExchangeStore } from './inspector-store.ts';
import type { Limits } from '../budget/limits.ts';
import type { Prices } from './prices.ts';
import { NOT_JSON } from './json-body.ts';
import { sendJson } from './send.ts';
import type { Person } from '../identity/people.ts';
import { ownerScope } from '../identity/access.ts';
import { budgetBody, callsPageSchema, callsQuery, sessionQuery, sessionStateSchema } from './session-schemas.ts';

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

/** A page size from `?limit=`, or null when it is out of range; `fallback` when absent. */
function pageSize(raw: string | undefined, fallback: number): number | null {
  if (raw === undefined) return fallback;
  return /^\d{1,4}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= MAX_ROWS ? Number(raw) : null;
}

/** The start of the UTC minute PACE_WINDOW_MS before `now`: every minute the browser's window can reach. */
export function recentSpendSince(now: Date): Date {
  return new Date(Math.floor((now.getTime() - PACE_WINDOW_MS) / 60_000) * 60_000);
}

/**
 * Totals, budget and prices, with one page of rows: its size does not grow with the ledger. Typed by the
 * contract's schema the browser parses with (src/contract/session.ts): a field missing here does not compile.
 */
export async function sessionState(
  { ledger, limits, prices, mode, upstreamLabel, storeKind, archiveFreshForMs }: SessionContext,
  rowLimit = FIRST_ROWS,
  /**
   * Who asks (a member sees their own rows), and whether to claim the spend alerts crossed now
   * (spend/alerts.ts): the browser's reads do, a server-rendered page's meter not.
   */
  { asker = null, fireAlerts = false }: { asker?: Person | null; fireAlerts?: boolean } = {},
): Promise<SessionState> {
  await prices.refresh();
  const person = rowsOf(asker);
  const [session, figures, page, pastSessions, recentSpend] = [
    await ledger.summary(),
    // The asker's own limit stands beside the operator's and the session's (#28); an admin's too, if they have one.
    await ledger.budgetFigures(asker?.name ?? null),
    await ledger.rowsPage({ limit: rowLimit, person }),
    await ledger.pastSessions(),
    await ledger.recentSpend(recentSpendSince(new Date())),
  ];
  const budget = limits.state(figures);
  return {
    mode,
    upstream: upstreamLabel,
    store: storeKind,
    archive: { freshForMs: archiveFreshForMs },
    session,
    budget,
    recentSpend,
    prices: prices.state(),
    // Oldest first within the page, as the table and the chart have always read them.
    rows: page.rows.reverse(),
    olderRowsCursor: page.nextCursor,
    person: person ?? null,
    pastSessions,
    alertsFired: fireAlerts ? await ledger.alerts.fire(budget.limit) : [],
  };
}

/** Members and viewers see their own rows (and the team's totals); an admin everyone's (#28, #38). */
const rowsOf = (asker: Person | null) => ownerScope('ledger', asker) ?? undefined;

const SHAPE = 'The body must be a JSON object like {"limit":"25"}, or {"limit":null} to clear your limit';

/** Why a budget body is refused, naming what is wrong with it; null when its shape is right. Never a 500. */
function limitProblem(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return `${SHAPE}.`;
  const unknown = Object.keys(body).filter((key) => key !== 'limit');
  if (unknown.length > 0) return `Unknown field ${unknown.map((key) => `"${key}"`).join(', ')}. ${SHAPE}.`;
  if (!('limit' in body)) return `"limit" is missing. ${SHAPE}.`;
  return limitText((body as { limit: unknown }).limit) === undefined ? LIMIT_VALUE : null;
}

const LIMIT_VALUE = 'limit must be a non-negative number such as "25" or "0.5", or null to clear your limit';

/** The limit as exact decimal text, null to clear it, or undefined when it is neither. */
function limitText(limit: unknown): string | null | undefined {
  if (limit === null) return null;
  const text = typeof limit === 'number' && Number.isFinite(limit) ? String(limit) : limit;
  return typeof text === 'string' && /^\d+(\.\d+)?$/.test(text) ? text : undefined;
}

const ROWS_PAGE = `limit must be a whole number from 1 to ${MAX_ROWS}`;
const CALLS_PAGE = `Page with ?before=<cursor from olderRowsCursor or nextCursor>&limit=1..${MAX_ROWS}&session=<id>`;

async function methodNotAllowed(request: FastifyRequest): Promise<never> {
  return refuse(405, 'bad_request', `Method ${request.method} not allowed here`);
}

/** `/api/_session`: the ledger as the UI reads it. Free: nothing here reaches the upstream. */
export function sessionRoutes(context: SessionContext): FastifyPluginAsync {
  return async (api) => {
    api.get<{ Querystring: { limit?: string } }>(
      '/_session',
      {
        schema: { querystring: sessionQuery, response: { 200: sessionStateSchema } },
        config: { access: 'ledger', refusal: ROWS_PAGE },
      },
      async (request, reply) => {
        const limit = pageSize(request.query.limit, FIRST_ROWS);
        if (limit === null) refuse(400, 'bad_request', ROWS_PAGE);
        return sendJson(reply, 200, await sessionState(context, limit, { asker: request.person, fireAlerts: true }));
      },
    );

    api.get<{ Querystring: { limit?: string; before?: string; session?: string } }>(
      '/_session/calls',
      {
        schema: { querystring: callsQuery, response: { 200: callsPageSchema } },
        config: { access: 'ledger', refusal: CALLS_PAGE },
      },
      async (request, reply) => {
        const { before, session } = request.query;
        const limit = pageSize(request.query.limit, FIRST_ROWS);
        if (limit === null) refuse(400, 'bad_request', CALLS_PAGE);
        const page = await context.ledger.rowsPage({
          sessionId: session,
          before: before === undefined ? undefined : Number(before),
          limit,
          person: rowsOf(request.person),
        });
        return sendJson(reply, 200, {
          rows: page.rows.reverse(),
          nextCursor: page.nextCursor,
          session: page.sessionId,
        } satisfies CallsPage);
      },
    );

    api.post(
      '/_session/new',
      { schema: { response: { 200: sessionStateSchema } }, config: { access: 'spend' } },
      async (request, reply) => {
        // A new view of the session totals only: the operator's ceiling keeps counting its period.
        await context.ledger.startSession();
        return sendJson(
          reply,
          200,
          await sessionState(context, FIRST_ROWS, { asker: request.person, fireAlerts: true }),
        );
      },
    );

    api.put<{ Body: { limit: string | number | null } }>(
      '/_session/budget',
      {
        schema: { body: budgetBody, response: { 200: sessionStateSchema } },
        config: {
          body: { maxBytes: 4096, json: false },
          bodyRefusal: (message) => (message === NOT_JSON ? `${SHAPE}.` : `${SHAPE}, under 4 KB.`),
          refusal: (request) => limitProblem(request.body),
          access: 'spend',
        },
      },
      async (request, reply) => {
        const limit = limitText(request.body.limit);
        if (limit === undefined) refuse(400, 'bad_request', LIMIT_VALUE);
        const problem = context.limits.personalProblem(limit);
        if (problem) refuse(400, 'bad_request', problem);
        await context.ledger.setPersonalLimit(limit === null ? null : new Big(limit).toString());
        return sendJson(
          reply,
          200,
          await sessionState(context, FIRST_ROWS, { asker: request.person, fireAlerts: true }),
        );
      },
    );

    api.get<{ Params: { id: string } }>(
      '/_session/calls/:id',
      { config: { access: 'call' } },
      async (request, reply) => {
        const { id } = request.params;
        if (!/^[\w-]+$/.test(id)) refuse(404, 'bad_request', 'No such endpoint');
        // Another person's call is 404, as one that does not exist: its id says nothing about whether it does.
        const detail = await callDetail(id, context, ownerScope('call', request.person));
        if (!detail) refuse(404, 'not_found', 'No such call in the ledger');
        return sendJson(reply, 200, detail);
      },
    );

    for (const [url, allowed] of [
      ['/_session', 'GET'],
      ['/_session/calls', 'GET'],
      ['/_session/calls/:id', 'GET'],
      ['/_session/new', 'POST'],
      ['/_session/budget', 'PUT'],
    ] as const) {
      api.route({ method: otherMethods(allowed), url, config: { access: 'wrong-address' }, handler: methodNotAllowed });
    }
    api.all('/_session/*', { config: { access: 'wrong-address' } }, async () =>
      refuse(404, 'bad_request', 'No such endpoint'),
    );
  };
}
