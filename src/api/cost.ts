import { meanDecimal } from '../lib/decimal';
import type { SessionState } from './session';

export type PaidOperation = 'timeline' | 'search';

const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * The price the server reports for an operation (the last one charged, or the stand-in's list price in
 * demo mode). Read defensively: servers older than that field send no `prices`, or null for an operation.
 */
function reportedPrice(state: SessionState, operation: PaidOperation): string | null {
  if (!('prices' in state)) return null;
  const prices: unknown = state.prices;
  if (typeof prices !== 'object' || prices === null) return null;
  const price: unknown = Reflect.get(prices, operation);
  return typeof price === 'string' && DECIMAL.test(price) ? price : null;
}

/**
 * What the next call of an operation is expected to cost: the price the server reports, else the mean of
 * what that operation has cost in this session's ledger, else null (the spec publishes no prices).
 */
export function expectedCost(state: SessionState | undefined, operation: PaidOperation): string | null {
  if (!state) return null;
  const reported = reportedPrice(state, operation);
  if (reported !== null) return reported;
  const paid = state.rows.filter((row) => row.operation === operation && row.ok);
  if (paid.length === 0) return null;
  return meanDecimal(paid.map((row) => row.credits));
}
