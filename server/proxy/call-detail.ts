import type { CallDetail } from '../../src/contract/index.ts';
import { withinScope } from '../identity/access.ts';
import type { CallRow } from '../ledger/rows.ts';
import type { ArchiveStore } from '../store/archive-store.ts';
import type { LedgerStore } from '../store/ledger-store.ts';
import type { ExchangeStore } from './inspector-store.ts';
import { OPERATIONS } from './operations.ts';

type SentRequest = CallDetail['request'];

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
 * Its shape is the contract's (src/contract/session-calls.ts), which the inspector parses with.
 */
export async function callDetail(
  id: string,
  stores: { ledger: LedgerStore; archive: ArchiveStore; exchanges: ExchangeStore },
  /** Whose calls the asker may open (#38): null, anyone's; another person's call is as if there were none. */
  scope: string | null = null,
): Promise<CallDetail | null> {
  const row = await stores.ledger.findRow(id);
  if (!row || !withinScope(scope, row.person)) return null;
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
