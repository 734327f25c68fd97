import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { ledgerCsvHeader, ledgerCsvLine } from '../../src/lib/ledger-csv.ts';
import type { CreditPrice } from '../../src/contract/index.ts';
import type { Person } from '../identity/people.ts';
import type { PageAsked } from '../store/archive-store.ts';
import type { Store } from '../store/store.ts';
import { purchaseKey } from '../../src/api/identity.ts';
import { ownerScope } from '../identity/access.ts';
import { otherMethods, refuse } from './api-rules.ts';
import { sendJson } from './send.ts';

const PAGE = 50;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day as written, or false: 2026-02-30 and 2026-13-45 are not days (Date would roll or fail). */
const realDay = (day: string) =>
  DAY.test(day) &&
  !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
  new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

interface PeriodQuery {
  from?: string;
  to?: string;
}

/** [from, to) from ?from=YYYY-MM-DD&to=YYYY-MM-DD (to inclusive as a day); the whole history when absent. */
export function period({ from, to }: PeriodQuery): { from: string; to: string } | null {
  if ((from && !realDay(from)) || (to && !realDay(to)) || (from && to && from > to)) return null;
  const end = to ? new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString() : '9999-12-31T00:00:00.000Z';
  return { from: from ? `${from}T00:00:00.000Z` : '0000', to: end };
}

/** Streams lines with backpressure: an export of a year of pages never sits in memory. */
async function stream(reply: FastifyReply, contentType: string, filename: string, lines: AsyncIterable<string>) {
  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, {
    'content-type': contentType,
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'no-store',
  });
  for await (const line of lines) {
    if (response.destroyed) return;
    if (!response.write(line)) await new Promise((resolve) => response.once('drain', resolve));
  }
  response.end();
}

async function* map<T>(source: AsyncIterable<T>, line: (item: T) => string, prefix = '', suffix = '') {
  if (prefix) yield prefix;
  for await (const item of source) yield line(item);
  if (suffix) yield suffix;
}

const MAX_LOOKUP = 100;
const LOOKUP_KEYS = `Give 1 to ${MAX_LOOKUP} page keys as ?key=…&key=…, each under 2,000 characters`;
const HISTORY_QUERY = 'operation must be timeline or search; subject at most 500 characters';
const CURSOR = 'before must be a cursor from a previous answer';
export const DAYS = 'from and to must be real days like 2026-11-23 (UTC), from no later than to';

const day = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const periodQuery = { type: 'object', properties: { from: day, to: day } } as const;
const pageKey = { type: 'string', maxLength: 2000 } as const;

const open = (properties: Record<string, unknown>) => ({ type: 'object', properties, additionalProperties: true });
const historyAnswer = open({
  subjects: {
    type: ['array', 'null'],
    items: open({
      operation: { type: 'string' },
      subject: { type: 'string' },
      pages: { type: 'integer' },
      credits: { type: 'string' },
      lastBoughtAt: { type: 'string' },
    }),
  },
  entries: {
    type: 'array',
    items: open({
      pageKey: { type: 'string' },
      operation: { type: 'string' },
      subject: { type: 'string' },
      params: { type: 'object', additionalProperties: true },
      boughtAt: { type: 'string' },
      credits: { type: 'string' },
      purchaseId: { type: 'string' },
      // Who bought it (#28), listed to everyone who may read the archive; null where nobody signs in.
      person: { type: ['string', 'null'] },
    }),
  },
  next: { type: ['string', 'null'] },
});
const lookupAnswer = open({
  pages: {
    type: 'object',
    additionalProperties: {
      anyOf: [{ type: 'null' }, open({ boughtAt: { type: 'string' }, freeUntil: { type: ['string', 'null'] } })],
    },
  },
});

/** A purchase key read back into its page, in its canonical spelling; null for anything that is not one. */
function pageOfKey(key: string): PageAsked | null {
  const space = key.indexOf(' ');
  const operation = key.slice(0, space);
  if (space < 0 || (operation !== 'timeline' && operation !== 'search')) return null;
  let entries: unknown;
  try {
    entries = JSON.parse(key.slice(space + 1));
  } catch {
    return null;
  }
  if (!Array.isArray(entries) || !entries.every((entry) => Array.isArray(entry) && typeof entry[0] === 'string'))
    return null;
  const params = Object.fromEntries(entries as [string, unknown][]);
  return { operation, params, key: purchaseKey(operation, params) };
}

/**
 * `GET /api/_history/lookup?key=<purchase key>&key=…`: which of these pages the archive would serve
 * free right now, and when each was bought; what a priced control needs to say "0 credits · from archive".
 * It answers with the purchaser's own rule (ArchiveStore.freeCopy), reads the store only and never calls upstream.
 */
async function lookup(keys: string[], store: Store) {
  const pages: Record<string, { boughtAt: string; freeUntil: string | null } | null> = {};
  const now = Date.now();
  for (const key of keys) {
    const page = pageOfKey(key);
    const copy = page ? await store.archive.freeCopy(page, now) : null;
    // When it stops being free is the archive's rule too: the browser's price turns then, deciding nothing itself.
    pages[key] =
      page && copy
        ? { boughtAt: copy.bought_at, freeUntil: store.archive.freeUntil(copy, page.operation, page.params) }
        : null;
  }
  return { pages };
}

function readCursor(cursor: string): { boughtAt: string; pageKey: string } {
  let before: { boughtAt: string; pageKey: string } | undefined;
  try {
    before = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as typeof before;
  } catch {
    before = undefined;
  }
  if (!before || typeof before.boughtAt !== 'string' || typeof before.pageKey !== 'string')
    refuse(400, 'bad_request', CURSOR);
  return before;
}

function exportName(kind: string, query: PeriodQuery, extension: string) {
  return `creditscope-${kind}-${query.from ?? 'all'}_${query.to ?? 'now'}.${extension}`;
}

function periodOf(query: PeriodQuery) {
  const range = period(query);
  if (!range) refuse(400, 'bad_request', DAYS);
  return range;
}

/** `/api/_history`: what this store has bought, openable and exportable without spending. */
/** A member's or viewer's ledger exports are their own rows (#28, #38), as their ledger view is; an admin's everyone's. */
const ownRowsOf = (person: Person | null) => ownerScope('ledger', person) ?? undefined;

/** `creditPrice`: the operator's CREDIT_PRICE; the ledger CSV carries each row's money beside its credits when set. */
export function historyRoutes(store: Store, creditPrice: CreditPrice | null): FastifyPluginAsync {
  return async (api) => {
    api.get<{ Querystring: { key: string | string[] } }>(
      '/_history/lookup',
      {
        schema: {
          querystring: {
            type: 'object',
            properties: {
              key: {
                anyOf: [pageKey, { type: 'array', items: pageKey, minItems: 1, maxItems: MAX_LOOKUP }],
              },
            },
            required: ['key'],
          },
          response: { 200: lookupAnswer },
        },
        config: { access: 'read', refusal: LOOKUP_KEYS },
      },
      async (request, reply) => {
        const { key } = request.query;
        return sendJson(reply, 200, await lookup(Array.isArray(key) ? key : [key], store));
      },
    );

    api.get<{ Querystring: { operation?: 'timeline' | 'search'; subject?: string; before?: string } }>(
      '/_history',
      {
        schema: {
          querystring: {
            type: 'object',
            properties: {
              operation: { enum: ['timeline', 'search', ''] },
              subject: { type: 'string', maxLength: 500 },
              before: { type: 'string' },
            },
          },
          response: { 200: historyAnswer },
        },
        config: { access: 'read', refusal: HISTORY_QUERY },
      },
      async (request, reply) => {
        const { subject, before: cursor } = request.query;
        const operation = request.query.operation || undefined;
        const before = cursor ? readCursor(cursor) : undefined;
        const page = await store.archive.history({ operation, subject, before, limit: PAGE });
        const subjects = before ? null : await store.archive.subjects();
        return sendJson(reply, 200, {
          subjects,
          entries: page.entries,
          next: page.next ? Buffer.from(JSON.stringify(page.next)).toString('base64url') : null,
        });
      },
    );

    const archiveExport = { schema: { querystring: periodQuery }, config: { access: 'read' as const, refusal: DAYS } };
    const ledgerExport = { ...archiveExport, config: { ...archiveExport.config, access: 'ledger' as const } };

    api.get<{ Querystring: PeriodQuery }>('/_history/archive.ndjson', archiveExport, async (request, reply) => {
      const range = periodOf(request.query);
      return stream(
        reply,
        'application/x-ndjson; charset=utf-8',
        exportName('archive', request.query, 'ndjson'),
        map(
          store.archive.pagesBetween(range.from, range.to),
          (page) =>
            `${JSON.stringify({
              operation: page.operation,
              params: JSON.parse(page.params) as unknown,
              boughtAt: page.bought_at,
              credits: page.credits,
              purchaseId: page.purchase_id,
              person: page.person,
              answer: JSON.parse(page.body) as unknown,
            })}\n`,
        ),
      );
    });

    api.get<{ Querystring: PeriodQuery }>('/_history/ledger.csv', ledgerExport, async (request, reply) => {
      const range = periodOf(request.query);
      return stream(
        reply,
        'text/csv; charset=utf-8',
        exportName('ledger', request.query, 'csv'),
        map(
          store.ledger.rowsBetween(range.from, range.to, undefined, ownRowsOf(request.person)),
          (row) => ledgerCsvLine(row, creditPrice),
          ledgerCsvHeader(creditPrice),
        ),
      );
    });

    api.get<{ Querystring: PeriodQuery }>('/_history/ledger.json', ledgerExport, async (request, reply) => {
      const range = periodOf(request.query);
      let first = true;
      return stream(
        reply,
        'application/json; charset=utf-8',
        exportName('ledger', request.query, 'json'),
        map(
          store.ledger.rowsBetween(range.from, range.to, undefined, ownRowsOf(request.person)),
          (row) => {
            const line = `${first ? '' : ',\n'}${JSON.stringify(row)}`;
            first = false;
            return line;
          },
          '[\n',
          '\n]\n',
        ),
      );
    });

    // History is read-only, whatever the path under it; an unknown path is named with the ones there are.
    api.route({
      method: otherMethods('GET'),
      url: '/_history',
      config: { access: 'wrong-address' },
      handler: readOnly,
    });
    api.route({
      method: otherMethods('GET'),
      url: '/_history/*',
      config: { access: 'wrong-address' },
      handler: readOnly,
    });
    api.get('/_history/*', { config: { access: 'wrong-address' } }, async () =>
      refuse(
        404,
        'not_found',
        'No such history endpoint: /api/_history, /api/_history/archive.ndjson, /api/_history/ledger.csv or /api/_history/ledger.json',
      ),
    );
  };
}

async function readOnly(): Promise<never> {
  return refuse(405, 'bad_request', 'History is read-only: GET only');
}
