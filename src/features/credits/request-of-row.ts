import type { CallDetail, LedgerRow } from '../../api/session';
import type { SentRequest } from './curl';

/**
 * The request as sent: the proxy's record when it still holds the exchange, otherwise rebuilt from
 * the ledger row (the proxy forwards exactly the documented parameters it records).
 */
export function requestOf(detail: CallDetail): SentRequest {
  if (detail.exchange) return detail.exchange.request;
  return requestFromRow(detail.row);
}

export function requestFromRow(row: LedgerRow): SentRequest {
  return row.operation === 'search'
    ? { method: 'POST', path: '/v1/search', params: {}, body: row.params }
    : { method: 'GET', path: '/v1/social/microblog/posts', params: row.params, body: null };
}
