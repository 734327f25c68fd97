import { meanDecimal } from '../lib/decimal';
import type { SessionState } from './session';

export type PaidOperation = 'timeline' | 'search';

/**
 * What the next call of an operation is expected to cost: the mean of what that operation
 * has cost in this session's ledger, or null before the first one (the spec publishes no prices).
 */
export function expectedCost(state: SessionState | undefined, operation: PaidOperation): string | null {
  const paid = state?.rows.filter((row) => row.operation === operation && row.ok) ?? [];
  if (paid.length === 0) return null;
  return meanDecimal(paid.map((row) => row.credits));
}
