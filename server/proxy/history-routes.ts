import type { IncomingMessage, ServerResponse } from 'node:http';
import { LEDGER_CSV_HEADER, ledgerCsvLine } from '../../src/lib/ledger-csv.ts';
import type { Store } from '../store/store.ts';
import { normalisedError } from './errors.ts';
import { sendError, sendJson } from './send.ts';

const PAGE = 50;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day as written, or false: 2026-02-30 and 2026-13-45 are not days (Date would roll or fail). */
const realDay = (day: string) =>
  DAY.test(day) &&
  !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
  new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

/** [from, to) from ?from=YYYY-MM-DD&to=YYYY-MM-DD (to inclusive as a day); the whole history when absent. */
function period(url: URL): { from: string; to: string } | null {
  const from = url.searchParams.get('from');
  const to = url.searchParams.get('to');
  if ((from && !realDay(from)) || (to && !realDay(to)) || (from && to && from > to)) return null;
  const end = to ? new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString() : '9999-12-31T00:00:00.000Z';
  return { from: from ? `${from}T00:00:00.000Z` : '0000', to: end };
}

/** Streams lines with backpressure: an export of a year of pages never sits in memory. */
async function stream(response: ServerResponse, contentType: string, filename: string, lines: AsyncIterable<string>) {
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

/**
 * `GET /api/_history/lookup?key=<purchase key>&key=…`: which of these pages the archive would serve
 * free right now, and when each was bought; what a priced control needs to say "from archive · 0 credits".
 */
async function lookup(url: URL, response: ServerResponse, store: Store) {
  const keys = url.searchParams.getAll('key');
  if (keys.length === 0 || keys.length > MAX_LOOKUP || keys.some((key) => key.length > 2000)) {
    return sendError(
      response,
      normalisedError(
        400,
        'bad_request',
        `Give 1 to ${MAX_LOOKUP} page keys as ?key=…&key=…, each under 2,000 characters`,
      ),
    );
  }
  const pages: Record<string, { boughtAt: string } | null> = {};
  for (const key of keys) {
    const [operation, ...rest] = key.split(' ');
    let params: Record<string, unknown>;
    try {
      params = Object.fromEntries(JSON.parse(rest.join(' ')) as [string, unknown][]);
    } catch {
      pages[key] = null;
      continue;
    }
    const page = await store.archive.servable(key, operation ?? '', params);
    pages[key] = page ? { boughtAt: page.bought_at } : null;
  }
  return sendJson(response, 200, { pages });
}

/** `/api/_history`: what this store has bought, openable and exportable without spending. */
export async function handleHistoryRoute(
  subpath: string,
  url: URL,
  request: IncomingMessage,
  response: ServerResponse,
  store: Store,
) {
  if (request.method !== 'GET')
    return sendError(response, normalisedError(405, 'bad_request', 'History is read-only: GET only'));
  if (subpath === '/lookup') return lookup(url, response, store);
  if (subpath === '') {
    const operation = url.searchParams.get('operation') ?? undefined;
    const subject = url.searchParams.get('subject') ?? undefined;
    const cursor = url.searchParams.get('before');
    if ((operation && operation !== 'timeline' && operation !== 'search') || (subject && subject.length > 500)) {
      return sendError(
        response,
        normalisedError(400, 'bad_request', 'operation must be timeline or search; subject at most 500 characters'),
      );
    }
    let before: { boughtAt: string; pageKey: string } | undefined;
    if (cursor) {
      try {
        before = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as typeof before;
      } catch {
        before = undefined;
      }
      if (!before || typeof before.boughtAt !== 'string' || typeof before.pageKey !== 'string')
        return sendError(
          response,
          normalisedError(400, 'bad_request', 'before must be a cursor from a previous answer'),
        );
    }
    const page = await store.archive.history({ operation, subject, before, limit: PAGE });
    const subjects = before ? null : await store.archive.subjects();
    return sendJson(response, 200, {
      subjects,
      entries: page.entries,
      next: page.next ? Buffer.from(JSON.stringify(page.next)).toString('base64url') : null,
    });
  }
  const range = period(url);
  if (!range)
    return sendError(
      response,
      normalisedError(400, 'bad_request', 'from and to must be real days like 2026-11-23 (UTC), from no later than to'),
    );
  const suffix = `${url.searchParams.get('from') ?? 'all'}_${url.searchParams.get('to') ?? 'now'}`;
  if (subpath === '/archive.ndjson') {
    return stream(
      response,
      'application/x-ndjson; charset=utf-8',
      `creditscope-archive-${suffix}.ndjson`,
      map(
        store.archive.pagesBetween(range.from, range.to),
        (page) =>
          `${JSON.stringify({
            operation: page.operation,
            params: JSON.parse(page.params) as unknown,
            boughtAt: page.bought_at,
            credits: page.credits,
            purchaseId: page.purchase_id,
            answer: JSON.parse(page.body) as unknown,
          })}\n`,
      ),
    );
  }
  if (subpath === '/ledger.csv') {
    return stream(
      response,
      'text/csv; charset=utf-8',
      `creditscope-ledger-${suffix}.csv`,
      map(store.ledger.rowsBetween(range.from, range.to), ledgerCsvLine, LEDGER_CSV_HEADER),
    );
  }
  if (subpath === '/ledger.json') {
    let first = true;
    return stream(
      response,
      'application/json; charset=utf-8',
      `creditscope-ledger-${suffix}.json`,
      map(
        store.ledger.rowsBetween(range.from, range.to),
        (row) => {
          const line = `${first ? '' : ',\n'}${JSON.stringify(row)}`;
          first = false;
          return line;
        },
        '[\n',
        '\n]\n',
      ),
    );
  }
  return sendError(
    response,
    normalisedError(
      404,
      'not_found',
      'No such history endpoint: /api/_history, /api/_history/archive.ndjson, /api/_history/ledger.csv or /api/_history/ledger.json',
    ),
  );
}
