import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  spendAlertsSchema,
  spendBreakdownSchema,
  SPEND_ALERT_KINDS,
  type SpendAlert,
  type SpendBreakdown,
} from '../../src/contract/spend.ts';
import { spendQuerySchema, type SpendQuery } from '../../src/contract/requests.ts';
import { alertBodySchema, type AlertBody } from '../../src/contract/requests.ts';
import type { LedgerStore } from '../store/ledger-store.ts';
import { MAX_ALERTS } from '../store/spend/alerts.ts';
import { ownerScope } from '../identity/access.ts';
import { otherMethods, refuse } from './api-rules.ts';
import { DAYS, period } from './history-period.ts';
import { NOT_JSON } from './json-body.ts';
import { sendJson } from './send.ts';
import { readDecimalSetting } from '../../src/contract/decimal.ts';
import { CREDIT_LIMIT_MAX } from '../config-rules.ts';
import { answerSchema, requestSchema } from '../http/contract-schema.ts';

/** The routes' Fastify schemas, derived from the contract (src/contract/spend.ts). */
const alertsAnswer = answerSchema(spendAlertsSchema);
const SCHEMAS = {
  breakdown: { querystring: requestSchema(spendQuerySchema), response: { 200: answerSchema(spendBreakdownSchema) } },
  alerts: { response: { 200: alertsAnswer } },
  addAlert: { body: requestSchema(alertBodySchema), response: { 201: alertsAnswer } },
  removeAlert: { response: { 200: alertsAnswer } },
};

const SPEND_QUERY = `Ask as ?by=handle|query|day|job|person, with from and to as real days like 2026-11-23 (UTC, both included, from no later than to) and session=current or a session id, each optional`;
const ALERT_SHAPE =
  'The body must be a JSON object like {"kind":"session","threshold":"2"} (credits this session) or {"kind":"today","threshold":"80"} (percent of the limit today)';
/** The threshold in its canonical form, or why an alert of this kind cannot have it (the shared decimal rule). */
function thresholdText(kind: SpendAlert['kind'], value: unknown) {
  const percent = kind === 'today';
  return readDecimalSetting(value, {
    name: 'threshold',
    min: '0',
    above: true,
    max: percent ? '100' : String(CREDIT_LIMIT_MAX),
    unit: percent ? '% of the limit' : 'credits',
  });
}

/** Why an alert's body is refused: its threshold's own reason when the rest is right, else the shape it must have. */
function alertProblem(body: unknown): string {
  const { kind, threshold } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const known = SPEND_ALERT_KINDS.find((each) => each === kind);
  const read = known && threshold !== undefined ? thresholdText(known, threshold) : null;
  return read && 'problem' in read ? read.problem : `${ALERT_SHAPE}.`;
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
        schema: SCHEMAS.breakdown,
        config: { access: 'ledger', refusal: SPEND_QUERY },
      },
      async (request, reply) => {
        const { by, from, to, session } = request.query;
        const range = period({ from, to });
        if (!range) refuse(400, 'bad_request', DAYS);
        const sessionId =
          session === 'current' ? (await ledger.currentSession(request.person?.name ?? null)).id : (session ?? null);
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

    // Each person's own alerts (#33); null where nobody signs in.
    const who = (request: FastifyRequest) => request.person?.name ?? null;
    api.get('/_spend/alerts', { schema: SCHEMAS.alerts, config: { access: 'read' } }, async (request, reply) =>
      sendJson(reply, 200, { alerts: await ledger.alerts.list(who(request)) }),
    );

    api.post<{ Body: AlertBody }>(
      '/_spend/alerts',
      {
        schema: SCHEMAS.addAlert,
        config: {
          body: { maxBytes: 4096, json: false },
          bodyRefusal: (message) => (message === NOT_JSON ? `${ALERT_SHAPE}.` : `${ALERT_SHAPE}, under 4 KB.`),
          refusal: (request) => alertProblem(request.body),
          access: 'alerts',
        },
      },
      async (request, reply) => {
        const { kind } = request.body;
        const threshold = thresholdText(kind, request.body.threshold);
        if ('problem' in threshold) return refuse(400, 'bad_request', threshold.problem);
        const added = await ledger.alerts.add(who(request), kind, threshold.value);
        if (!added) refuse(409, 'bad_request', `There are ${MAX_ALERTS} alerts already: remove one first.`);
        return sendJson(reply, 201, { alerts: await ledger.alerts.list(who(request)) });
      },
    );

    api.delete<{ Params: { id: string } }>(
      '/_spend/alerts/:id',
      { schema: SCHEMAS.removeAlert, config: { access: 'alerts' } },
      async (request, reply) => {
        if (!(await ledger.alerts.remove(who(request), request.params.id))) refuse(404, 'not_found', 'No such alert');
        return sendJson(reply, 200, { alerts: await ledger.alerts.list(who(request)) });
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
