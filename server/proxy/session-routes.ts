import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ArchiveStore } from '../store/archive-store.ts';
import type { LedgerStore } from '../store/ledger-store.ts';
import type { StoreKind } from '../store/open.ts';
import {
  callsPageSchema,
  PACE_WINDOW_MS,
  sessionStateSchema,
  type CallsPage,
  type CreditPrice,
  type SessionState,
} from '../../src/contract/index.ts';
import { callsQuerySchema, sessionQuerySchema } from '../../src/contract/requests.ts';
import { budgetBodySchema, type BudgetBody } from '../../src/contract/requests.ts';
import { readDecimalSetting } from '../../src/contract/decimal.ts';
import { CREDIT_LIMIT_MAX } from '../config-rules.ts';
import { callDetail } from './call-detail.ts';
import { otherMethods, refuse } from './api-rules.ts';
import type { ExchangeStore } from './inspector-store.ts';
import type { BudgetState, Limits } from '../budget/limits.ts';
import type { Prices } from './prices.ts';
import { NOT_JSON } from './json-body.ts';
import { sendJson } from './send.ts';
import type { Person } from '../identity/people.ts';
import { ownerScope } from '../identity/access.ts';
import { answerSchema, requestSchema } from '../http/contract-schema.ts';

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
  /** The operator's CREDIT_PRICE, shown beside credits; null when none is set. */
  creditPrice: CreditPrice | null;
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
  { ledger, limits, prices, mode, upstreamLabel, storeKind, archiveFreshForMs, creditPrice }: SessionContext,
  rowLimit = FIRST_ROWS,
  /**
   * Who asks (a member sees their own rows), and whether to claim the spend alerts crossed now
   * (spend/alerts.ts): the browser's reads do, a server-rendered page's meter not.
   */
  { asker = null, fireAlerts = false }: { asker?: Person | null; fireAlerts?: boolean } = {},
): Promise<SessionState> {
  await prices.refresh();
  // Each person's own numbers (#33): their session, its rows, pace and limit, their alerts; the team's apart.
  const who = asker?.name ?? null;
  const [session, figures, page, pastSessions, recentSpend, team] = [
    await ledger.summary(who),
    // The asker's own limit stands beside the operator's and their session's (#28); an admin's too, if they have one.
    await ledger.budgetFigures(who),
    await ledger.rowsPage({ limit: rowLimit, owner: who, person: rowsOf(asker) }),
    await ledger.pastSessions(who),
    await ledger.recentSpend(recentSpendSince(new Date()), who),
    asker === null ? null : await ledger.teamSpend(asker.role === 'admin'),
  ];
  const budget = limits.state(figures);
  return {
    mode,
    upstream: upstreamLabel,
    store: storeKind,
    archive: { freshForMs: archiveFreshForMs },
    creditPrice,
    session,
    budget,
    team,
    recentSpend,
    prices: prices.state(),
    // Oldest first within the page, as the table and the chart have always read them.
    rows: page.rows.reverse(),
    olderRowsCursor: page.nextCursor,
    person: who,
    pastSessions,
    alertsFired: fireAlerts ? await ledger.alerts.fire(who, todayAlertsLimit(who, budget)) : [],
  };
}

/**
 * What a signed-in person's "today reaches N % of the limit" alert is a percentage of: their own limit, else the
 * operator's. Never the nearest limit, which turns into the team's as others spend, so that what one person spends
 * never changes when another's alert fires. Where nobody signs in, the nearest, as the meter shows it.
 */
function todayAlertsLimit(who: string | null, budget: BudgetState): string | null {
  return who === null ? budget.limit : (budget.person?.limit ?? budget.operatorLimit);
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
  const read = limitText((body as { limit: unknown }).limit);
  return 'problem' in read ? read.problem : null;
}

/** The limit in its canonical form (null clears it), or why it is refused: the shared rule for decimal settings. */
function limitText(limit: unknown): { value: string | null } | { problem: string } {
  if (limit === null) return { value: null };
  const read = readDecimalSetting(limit, { name: 'limit', min: '0', max: String(CREDIT_LIMIT_MAX) });
  return 'problem' in read ? { problem: `${read.problem} Or send null to clear your limit.` } : read;
}

const ROWS_PAGE = `limit must be a whole number from 1 to ${MAX_ROWS}`;
const CALLS_PAGE = `Page with ?before=<cursor from olderRowsCursor or nextCursor>&limit=1..${MAX_ROWS}&session=<id>`;

async function methodNotAllowed(request: FastifyRequest): Promise<never> {
  return refuse(405, 'bad_request', `Method ${request.method} not allowed here`);
}

/** The routes' Fastify schemas, derived from the contract (src/contract/session.ts, session-calls.ts). */
const stateAnswer = { 200: answerSchema(sessionStateSchema) };
const SCHEMAS = {
  state: { querystring: requestSchema(sessionQuerySchema), response: stateAnswer },
  calls: { querystring: requestSchema(callsQuerySchema), response: { 200: answerSchema(callsPageSchema) } },
  newSession: { response: stateAnswer },
  budget: { body: requestSchema(budgetBodySchema), response: stateAnswer },
};

/** `/api/_session`: the ledger as the UI reads it. Free: nothing here reaches the upstream. */
export function sessionRoutes(context: SessionContext): FastifyPluginAsync {
  return async (api) => {
    api.get<{ Querystring: { limit?: string } }>(
      '/_session',
      {
        schema: SCHEMAS.state,
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
        schema: SCHEMAS.calls,
        config: { access: 'ledger', refusal: CALLS_PAGE },
      },
      async (request, reply) => {
        const { before, session } = request.query;
        const limit = pageSize(request.query.limit, FIRST_ROWS);
        if (limit === null) refuse(400, 'bad_request', CALLS_PAGE);
        const page = await context.ledger.rowsPage({
          sessionId: session,
          owner: request.person?.name ?? null,
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

    api.post('/_session/new', { schema: SCHEMAS.newSession, config: { access: 'spend' } }, async (request, reply) => {
      // A new view of the asker's own session totals only (#33): nobody else's session, and the operator's
      // ceiling keeps counting its period.
      await context.ledger.startSession(request.person?.name ?? null);
      return sendJson(reply, 200, await sessionState(context, FIRST_ROWS, { asker: request.person, fireAlerts: true }));
    });

    api.put<{ Body: BudgetBody }>(
      '/_session/budget',
      {
        schema: SCHEMAS.budget,
        config: {
          body: { maxBytes: 4096, json: false },
          bodyRefusal: (message) => (message === NOT_JSON ? `${SHAPE}.` : `${SHAPE}, under 4 KB.`),
          refusal: (request) => limitProblem(request.body),
          access: 'spend',
        },
      },
      async (request, reply) => {
        const read = limitText(request.body.limit);
        if ('problem' in read) return refuse(400, 'bad_request', read.problem);
        const limit = read.value;
        const problem = context.limits.personalProblem(limit);
        if (problem) refuse(400, 'bad_request', problem);
        // The asker's own limit on their own session (#33): what one member sets stops nobody else.
        await context.ledger.setPersonalLimit(request.person?.name ?? null, limit);
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
