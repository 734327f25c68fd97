import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { ledgerCsvHeader, ledgerCsvLine } from '../../src/contract/export/ledger-csv.ts';
import type { CreditPrice } from '../../src/contract/index.ts';
import type { Person } from '../identity/people.ts';
import type { Store } from '../store/store.ts';
import { ownerScope } from '../identity/access.ts';
import { lines, streamDownload } from '../http/download.ts';
import { DAYS, periodOf, type PeriodQuery } from './history-period.ts';
import { periodQuerySchema } from '../../src/contract/period.ts';
import { requestSchema } from '../http/contract-schema.ts';

/** The exports' Fastify schema, derived from the contract (src/contract/period.ts). */
const periodQuery = requestSchema(periodQuerySchema);

const CONTENT_TYPES = {
  ndjson: 'application/x-ndjson; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/**
 * Streams one period's export as `creditscope-<kind>-<from>_<to>.<extension>` (the period as asked: `all`, `now`
 * when open); a period that is not one is a 400 before anything is written.
 */
function sendExport(
  reply: FastifyReply,
  query: PeriodQuery,
  file: { kind: 'archive' | 'ledger'; extension: keyof typeof CONTENT_TYPES },
  bodyOf: (range: { from: string; to: string }) => AsyncIterable<string>,
) {
  const body = bodyOf(periodOf(query));
  reply.hijack();
  const name = `creditscope-${file.kind}-${query.from ?? 'all'}_${query.to ?? 'now'}.${file.extension}`;
  return streamDownload(reply.raw, CONTENT_TYPES[file.extension], name, body);
}

/** A member's or viewer's ledger exports are their own rows (#28, #38), as their ledger view is; an admin's everyone's. */
const ownRowsOf = (person: Person | null) => ownerScope('ledger', person) ?? undefined;

/**
 * `/api/_history/archive.ndjson`, `ledger.csv` and `ledger.json`: a period of the archive or the ledger as a file,
 * streamed (server/http/download.ts). `creditPrice`: the operator's CREDIT_PRICE; the ledger CSV carries each
 * row's money beside its credits when set.
 */
export function historyExportRoutes(store: Store, creditPrice: CreditPrice | null): FastifyPluginAsync {
  return async (api) => {
    const archiveExport = { schema: { querystring: periodQuery }, config: { access: 'read' as const, refusal: DAYS } };
    const ledgerExport = { ...archiveExport, config: { ...archiveExport.config, access: 'ledger' as const } };

    api.get<{ Querystring: PeriodQuery }>('/_history/archive.ndjson', archiveExport, async (request, reply) => {
      return sendExport(reply, request.query, { kind: 'archive', extension: 'ndjson' }, (range) =>
        lines(
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
      return sendExport(reply, request.query, { kind: 'ledger', extension: 'csv' }, (range) =>
        lines(
          store.ledger.rowsBetween(range.from, range.to, undefined, ownRowsOf(request.person)),
          (row) => ledgerCsvLine(row, creditPrice),
          ledgerCsvHeader(creditPrice),
        ),
      );
    });

    api.get<{ Querystring: PeriodQuery }>('/_history/ledger.json', ledgerExport, async (request, reply) => {
      let first = true;
      return sendExport(reply, request.query, { kind: 'ledger', extension: 'json' }, (range) =>
        lines(
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
  };
}
