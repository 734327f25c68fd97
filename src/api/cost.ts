import Big from 'big.js';
import type { SessionState } from './session';

export type PaidOperation = 'timeline' | 'search';

/**
 * What the next call of an operation is expected to cost: the mean of what that operation
 * has cost in this session's ledger, or null before the first one (the spec publishes no prices).
 */
export function expectedCost(state: SessionState | undefined, operation: PaidOperation): string | null {
  const paid = state?.rows.filter((row) => row.operation === operation && row.ok) ?? [];
  if (paid.length === 0) return null;
  const total = paid.reduce((sum, row) => sum.plus(row.credits), new Big(0));
  return total.div(paid.length).round(4).toString();
}
