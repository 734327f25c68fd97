import type { CallRow } from '../ledger/rows.ts';
import type { ArchiveStore } from '../store/archive-store.ts';
import type { LedgerStore } from '../store/ledger-store.ts';
import type { ExchangeStore } from './inspector-store.ts';
import { OPERATIONS } from './operations.ts';

export interface SentRequest {
  method: string;
  path: string;
  params: Record<string, unknown>;
  body: unknown;
}

/** Why a call's raw answer cannot be shown: each says something different about what happened to it. */
export type MissingBody = 'replaced' | 'failure' | 'unknown-outcome';

export interface CallDetail {
  row: CallRow;
  request: SentRequest;
  /** Per attempt, the answer's headers that matter; null for calls settled before they were kept. */
  attemptHeaders: Record<string, string>[] | null;
  response: { body: string; source: 'memory' | 'archive' } | { body: null; missing: MissingBody };
}

const routeOf = (operation: CallRow['operation']) =>
  Object.values(OPERATIONS).find((route) => route.operation === operation)!;

/** The proxy forwards exactly the parameters it records, so the row says what was sent. */
function requestOf(row: CallRow): SentRequest {
  const route = routeOf(row.operation);
  return route.method === 'GET'
    ? { method: 'GET', path: route.upstreamPath, params: row.params, body: null }
    : { method: route.method, path: route.upstreamPath, params: {}, body: row.params };
}

/**
 * One call for the request inspector, whichever process made it and whenever: this process's memory
 * holds the exchange of its recent calls; otherwise the store has the row, its kept headers, and for a
 * success the answer the archive keeps for that page, unless a later purchase of the page replaced it.
 */
export async function callDetail(
  id: string,
  stores: { ledger: LedgerStore; archive: ArchiveStore; exchanges: ExchangeStore },
): Promise<CallDetail | null> {
  const row = await stores.ledger.findRow(id);
  if (!row) return null;
  const exchange = stores.exchanges.get(row.id);
  if (exchange) {
    return {
      row,
      request: exchange.request,
      attemptHeaders: exchange.attemptHeaders,
      response: { body: exchange.responseText, source: 'memory' },
    };
  }
  const attemptHeaders = await stores.ledger.responseHeadersOf(row.id);
  const base = { row, request: requestOf(row), attemptHeaders };
  // Failures are never archived, and an unknown outcome never had an answer to keep.
  if (row.errorKind === 'outcome_unknown') return { ...base, response: { body: null, missing: 'unknown-outcome' } };
  if (!row.ok) return { ...base, response: { body: null, missing: 'failure' } };
  const body = await stores.archive.bodyOfPurchase(row.id);
  return { ...base, response: body === null ? { body: null, missing: 'replaced' } : { body, source: 'archive' } };
}
