import Big from 'big.js';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { SpendAlert, SpendBreakdown, SpendDimension } from '../../src/contract/spend.ts';
import type { LedgerStore } from '../store/ledger-store.ts';
import { MAX_ALERTS } from '../store/spend/alerts.ts';
import { ownerScope } from '../identity/access.ts';
import { otherMethods, refuse } from './api-rules.ts';
import { DAYS, period } from './history-routes.ts';
import { NOT_JSON } from './json-body.ts';
import { sendJson } from './send.ts';
import { alertBody, alertsSchema, spendBreakdownSchema, spendQuery } from './spend-schemas.ts';

interface SpendQuery {
  by: SpendDimension;
  from?: string;
  to?: string;
  session?: string;
}

const SPEND_QUERY = `Ask as ?by=handle|query|day|job|person, with from and to as real days like 2026-11-23 (UTC, both included, from no later than to) and session=current or a session id, each optional`;
const ALERT_SHAPE =
  'The body must be a JSON object like {"kind":"session","threshold":"2"} (credits this session) or {"kind":"today","threshold":"80"} (percent of the limit today)';
const THRESHOLD = 'threshold must be a number above 0 such as "2" or "0.5"; a percentage of the limit at most 100';

/** The threshold as exact decimal text, or null when it is not one an alert of this kind can have. */
function thresholdText(kind: SpendAlert['kind'], value: unknown): string | null {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{1,9}(\.\d{1,9})?$/.test(text)) return null;
  const threshold = new Big(text);
  if (threshold.lte(0) || (kind === 'today' && threshold.gt(100))) return null;
  return threshold.toString();
}

async function methodNotAllowed(request: FastifyRequest): Promise<never> {
  return refuse(405, 'bad_request', `Method ${request.method} not allowed here`);
}

/**
 * `/api/_spend`: where the credits went (by handle, query, day or job, over a period) and the alerts a person
 * sets. Free: nothing here reaches the upstream.
 */
export function spendRoutes(ledger: LedgerStore): FastifyPluginAsync {
  return async (api) => {
    api.get<{ Querystring: SpendQuery }>(
      '/_spend',
      {
        schema: { querystring: spendQuery, response: { 200: spendBreakdownSchema } },
        config: { access: 'ledger', refusal: SPEND_QUERY },
      },
      async (request, reply) => {
        const { by, from, to, session } = request.query;
        const range = period({ from, to });
        if (!range) refuse(400, 'bad_request', DAYS);
        const sessionId = session === 'current' ? (await ledger.currentSession()).id : (session ?? null);
        const breakdown = await ledger.spend.breakdown(by, {
          from: from ? range.from : null,
          to: to ? range.to : null,
          sessionId,
          // Members and viewers see their own spend (#28, #38); admins everyone's.
          person: ownerScope('ledger', request.person),
        });
        return sendJson(reply, 200, { ...breakdown, from: from ?? null, to: to ?? null } satisfies SpendBreakdown);
      },
    );

    api.get(
      '/_spend/alerts',
      { schema: { response: { 200: alertsSchema } }, config: { access: 'read' } },
      async (_request, reply) => sendJson(reply, 200, { alerts: await ledger.alerts.list() }),
    );

    api.post<{ Body: { kind: SpendAlert['kind']; threshold: string | number } }>(
      '/_spend/alerts',
      {
        schema: { body: alertBody, response: { 201: alertsSchema } },
        config: {
          body: { maxBytes: 4096, json: false },
          bodyRefusal: (message) => (message === NOT_JSON ? `${ALERT_SHAPE}.` : `${ALERT_SHAPE}, under 4 KB.`),
          refusal: `${ALERT_SHAPE}.`,
          access: 'alerts',
        },
      },
      async (request, reply) => {
        const { kind } = request.body;
        const threshold = thresholdText(kind, request.body.threshold);
        if (threshold === null) refuse(400, 'bad_request', THRESHOLD);
        const added = await ledger.alerts.add(kind, threshold);
        if (!added) refuse(409, 'bad_request', `There are ${MAX_ALERTS} alerts already: remove one first.`);
        return sendJson(reply, 201, { alerts: await ledger.alerts.list() });
      },
    );

    api.delete<{ Params: { id: string } }>(
      '/_spend/alerts/:id',
      { schema: { response: { 200: alertsSchema } }, config: { access: 'alerts' } },
      async (request, reply) => {
        if (!(await ledger.alerts.remove(request.params.id))) refuse(404, 'not_found', 'No such alert');
        return sendJson(reply, 200, { alerts: await ledger.alerts.list() });
      },
    );

    for (const [url, allowed] of [
      ['/_spend', ['GET']],
      ['/_spend/alerts', ['GET', 'POST']],
      ['/_spend/alerts/:id', ['DELETE']],
    ] as const) {
      api.route({
        method: otherMethods(...allowed),
        url,
        config: { access: 'wrong-address' },
        handler: methodNotAllowed,
      });
    }
    api.all('/_spend/*', { config: { access: 'wrong-address' } }, async () =>
      refuse(404, 'bad_request', 'No such endpoint'),
    );
  };
}
