import { SPEND_ALERT_KINDS, SPEND_DIMENSIONS } from '../../src/contract/spend.ts';

/**
 * JSON Schemas of `/api/_spend`'s requests and answers (spend-routes.ts), as session-schemas.ts: Fastify
 * validates the requests with them and writes the answers through them; the browser parses the same answers
 * with the contract's valibot schemas (src/contract/spend.ts).
 */

const text = { type: 'string' } as const;
const textOrNull = { type: ['string', 'null'] } as const;
const integer = { type: 'integer' } as const;
const open = (properties: Record<string, unknown>) => ({ type: 'object', properties, additionalProperties: true });
const day = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;

export const spendQuery = {
  type: 'object',
  properties: {
    by: { enum: SPEND_DIMENSIONS },
    from: day,
    to: day,
    session: { type: 'string', pattern: '^(current|[\\w-]{1,64})$' },
  },
  required: ['by'],
} as const;

const group = open({
  key: textOrNull,
  calls: integer,
  failedFree: integer,
  credits: text,
  unknownCalls: integer,
  unknownCredits: text,
  lastAt: text,
});

export const spendBreakdownSchema = open({
  by: text,
  from: textOrNull,
  to: textOrNull,
  session: textOrNull,
  total: text,
  calls: integer,
  unknownCalls: integer,
  unknownCredits: text,
  inFlight: integer,
  groups: { type: 'array', items: group },
});

const alert = open({
  id: text,
  kind: text,
  threshold: text,
  createdAt: text,
  firedFor: textOrNull,
  firedAt: textOrNull,
});

export const alertsSchema = open({ alerts: { type: 'array', items: alert } });

/** `POST /api/_spend/alerts`: `{"kind":"session","threshold":"2"}` or `{"kind":"today","threshold":"80"}`. */
export const alertBody = {
  type: 'object',
  properties: {
    kind: { enum: SPEND_ALERT_KINDS },
    threshold: { type: ['string', 'number'] },
  },
  required: ['kind', 'threshold'],
  additionalProperties: false,
} as const;
