/**
 * JSON Schemas of `/api/_session`'s requests and answers, for its Fastify routes (session-routes.ts):
 * Fastify validates the requests with them and writes the answers through them. Objects keep any
 * property they do not list (`additionalProperties: true`), so a field added to the state is sent,
 * never dropped by the serializer.
 */

const text = { type: 'string' } as const;
const textOrNull = { type: ['string', 'null'] } as const;
const open = (properties: Record<string, unknown>) => ({ type: 'object', properties, additionalProperties: true });

const attempt = open({
  at: text,
  status: { type: 'integer' },
  durationMs: { type: 'number' },
  credits: text,
  charged: text,
});

export const callRow = open({
  id: text,
  session: text,
  at: text,
  operation: text,
  params: { type: 'object', additionalProperties: true },
  status: { type: 'integer' },
  credits: text,
  durationMs: { type: 'number' },
  ok: { type: 'boolean' },
  charged: text,
  attempts: { type: 'array', items: attempt },
  errorKind: text,
  person: textOrNull,
});

const operationTotals = open({ calls: { type: 'integer' }, total: text });

const sessionSummary = open({
  id: text,
  startedAt: text,
  calls: { type: 'integer' },
  failedFree: { type: 'integer' },
  total: text,
  byOperation: open({ timeline: operationTotals, search: operationTotals }),
});

const budget = open({
  operatorLimit: textOrNull,
  period: text,
  personalLimit: textOrNull,
  limit: textOrNull,
  spentInPeriod: text,
  spentSinceStart: text,
  remaining: textOrNull,
  warnAt: textOrNull,
  warning: { type: 'boolean' },
  warningBy: textOrNull,
  reached: { type: 'boolean' },
  reachedBy: textOrNull,
  person: {
    anyOf: [{ type: 'null' }, open({ name: text, limit: text, period: text, spent: text, resetsAt: textOrNull })],
  },
});

/** The ledger as the UI reads it: totals, budget, prices and the newest rows (sessionState). */
export const sessionStateSchema = open({
  mode: { enum: ['demo', 'upstream'] },
  upstream: text,
  store: text,
  archive: open({ freshForMs: { type: 'number' } }),
  session: sessionSummary,
  budget,
  team: {
    anyOf: [
      { type: 'null' },
      open({
        period: text,
        spent: text,
        calls: { type: 'integer' },
        byPerson: {
          anyOf: [
            { type: 'null' },
            { type: 'array', items: open({ name: text, spent: text, calls: { type: 'integer' } }) },
          ],
        },
      }),
    ],
  },
  recentSpend: { type: 'array', items: open({ minute: text, calls: { type: 'integer' }, credits: text }) },
  prices: open({ timeline: textOrNull, search: textOrNull }),
  rows: { type: 'array', items: callRow },
  olderRowsCursor: { type: ['integer', 'null'] },
  person: textOrNull,
  pastSessions: { type: 'array', items: sessionSummary },
  alertsFired: {
    type: 'array',
    items: open({ id: text, kind: text, threshold: text, spent: text, limit: textOrNull, firedAt: text }),
  },
});

/** A page of older rows (`/api/_session/calls`). */
export const callsPageSchema = open({
  rows: { type: 'array', items: callRow },
  nextCursor: { type: ['integer', 'null'] },
  session: text,
});

/** `?limit=` of rows: 1 to MAX_ROWS, as digits (the range is checked by the route). */
export const rowLimit = { type: 'string', pattern: '^\\d{1,4}$' } as const;

export const sessionQuery = { type: 'object', properties: { limit: rowLimit } } as const;

export const callsQuery = {
  type: 'object',
  properties: {
    limit: rowLimit,
    before: { type: 'string', pattern: '^\\d{1,15}$' },
    session: { type: 'string', pattern: '^[\\w-]{1,64}$' },
  },
} as const;

/** `PUT /api/_session/budget`: `{"limit":"25"}`, a number, or null to clear it. */
export const budgetBody = {
  type: 'object',
  properties: { limit: { type: ['string', 'number', 'null'] } },
  required: ['limit'],
  additionalProperties: false,
} as const;
