import type { FastifyPluginAsync } from 'fastify';
import { ledgerCsvHeader, ledgerCsvLine } from '../../src/lib/ledger-csv.ts';
import type { CreditPrice } from '../../src/contract/index.ts';
import type { Person } from '../identity/people.ts';
import type { Store } from '../store/store.ts';
import { ownerScope } from '../identity/access.ts';
import { lines, streamDownload } from '../http/download.ts';
import { DAYS, periodOf, type PeriodQuery } from './history-period.ts';

const periodQuery = {
  type: 'object',
  properties: {
    from: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    to: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
  },
} as const;

function exportName(kind: string, query: PeriodQuery, extension: string) {
  return `creditscope-${kind}-${query.from ?? 'all'}_${query.to ?? 'now'}.${extension}`;
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
      const range = periodOf(request.query);
      reply.hijack();
      return streamDownload(
        reply.raw,
        'application/x-ndjson; charset=utf-8',
        exportName('archive', request.query, 'ndjson'),
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
      const range = periodOf(request.query);
      reply.hijack();
      return streamDownload(
        reply.raw,
        'text/csv; charset=utf-8',
        exportName('ledger', request.query, 'csv'),
        lines(
          store.ledger.rowsBetween(range.from, range.to, undefined, ownRowsOf(request.person)),
          (row) => ledgerCsvLine(row, creditPrice),
          ledgerCsvHeader(creditPrice),
        ),
      );
    });

    api.get<{ Querystring: PeriodQuery }>('/_history/ledger.json', ledgerExport, async (request, reply) => {
      const range = periodOf(request.query);
      let first = true;
      reply.hijack();
      return streamDownload(
        reply.raw,
        'application/json; charset=utf-8',
        exportName('ledger', request.query, 'json'),
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
