import { compareDecimals, meanDecimal } from '../contract/decimal-math';
import type { LimitOwner, SessionState } from './session';
import { DECIMAL } from '../contract/decimal';

import type { PaidOperation } from '../contract/operations';

export type { PaidOperation };

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

/**
 * What pressing a spending control will do to the credits, decided in one place for every control:
 * - `this-browser`: the answer is in this browser's cache (and IndexedDB), nothing is asked for;
 * - `archive`: the server's archive would serve it free now (`boughtAt`: when it was bought);
 * - `buy`: one paid call, at `credits` (null while no price is known; `estimate` when only this session's mean);
 * - `blocked`: a call is needed and a limit refuses it (`by` whose), so the control offers no price: the limit is
 *   reached, or (`left`) what it leaves is less than the call's price.
 */
export type Price =
  | { kind: 'this-browser' }
  | { kind: 'archive'; boughtAt: number }
  | { kind: 'buy'; credits: string | null; estimate: boolean }
  | { kind: 'blocked'; by: LimitOwner | null; left?: string };

export interface PriceFacts {
  operation: PaidOperation;
  /** The answer is in this browser's cache. */
  inBrowser: boolean;
  /** When the server's archive says it would serve the page free now; null when it would not (or was not asked). */
  archivedAt: number | null;
  /** An explicit re-buy (Refresh, Check for new posts): neither copy counts, a call is always made. */
  rebuy: boolean;
  /** A price list, not a control: the going price even with a limit reached. */
  listed?: boolean;
}

/**
 * The order is the purchase path's own: the browser's cache first (nothing is sent), then the server's
 * archive (served before the budget is read, so free even with a limit reached), then the budget: as the
 * server admits a call (server/budget/limits.ts), a known price must fit in what the nearest limit leaves.
 */
export function decidePrice(state: SessionState | undefined, facts: PriceFacts): Price {
  if (!facts.rebuy && facts.inBrowser) return { kind: 'this-browser' };
  if (!facts.rebuy && facts.archivedAt !== null) return { kind: 'archive', boughtAt: facts.archivedAt };
  const budget = state?.budget;
  if (budget?.reached && !facts.listed) return { kind: 'blocked', by: budget.reachedBy };
  const reported = state ? reportedPrice(state, facts.operation) : null;
  const credits = expectedCost(state, facts.operation);
  const left = budget?.remaining ?? null;
  if (!facts.listed && credits !== null && left !== null && compareDecimals(credits, left) > 0)
    return { kind: 'blocked', by: budget?.limitBy ?? null, left };
  return { kind: 'buy', credits, estimate: reported === null };
}

/** Whether pressing the control spends nothing. */
export const isFree = (price: Price) => price.kind === 'this-browser' || price.kind === 'archive';
