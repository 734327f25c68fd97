import Big from 'big.js';
import type { Period } from '../store/totals.ts';

/** What the budget counts, read from the store: inside its write lock for an admission, outside it for display. */
export interface BudgetFigures extends SessionFigures {
  spentInPeriod: string;
  /** Held by calls journalled and not settled yet, in flight or past their lease (an outcome not known yet). */
  reserved: string;
  /** The highest price any process has learnt, per operation, as the store keeps it. */
  highest: Map<string, string>;
  /** Live pending calls (within their lease), and how many of them left before anyone knew their price. */
  inFlight: number;
  unpricedInFlight: number;
  /** The asking person's own limit and where it stands (#28), read in the same lock; null: no person, or no limit of theirs. */
  person?: PersonFigures | null;
}

/** The session of the person the figures are for (#33): its id and spend, and their own limit on it. */
export interface SessionFigures {
  sessionId: string;
  spentInSession: string;
  personalLimit: string | null;
}

/** One person's limit over their period, their spend in it, and what their calls in flight hold. */
export interface PersonFigures {
  name: string;
  limit: string;
  period: Period;
  spent: string;
  reserved: string;
}

/** A journalled call not settled yet, as its purchases row says. */
export interface PendingCall {
  operation: string;
  reserved: string;
  lease_until: string;
}

/**
 * What a pending call holds against the budget: its reservation, or the price any process has learnt since
 * when that is higher (a call sent before its price was known reserved 0). An abandoned call is booked at it.
 */
export function heldBy(call: Pick<PendingCall, 'operation' | 'reserved'>, highest: Map<string, string>): string {
  const known = highest.get(call.operation);
  return known !== undefined && new Big(known).gt(call.reserved) ? known : call.reserved;
}

/** The pending calls' share of the figures at `now`. */
export function pendingFigures(
  pending: PendingCall[],
  highest: Map<string, string>,
  now: Date,
): Pick<BudgetFigures, 'reserved' | 'inFlight' | 'unpricedInFlight'> {
  const reserved = pending.reduce((sum, call) => sum.plus(heldBy(call, highest)), new Big(0));
  // A row past its lease is an unknown outcome still counted above, but nobody is waiting on it any more.
  const live = pending.filter((call) => call.lease_until > now.toISOString());
  const unpriced = live.filter((call) => !highest.has(call.operation) && new Big(call.reserved).eq(0));
  return { reserved: reserved.toString(), inFlight: live.length, unpricedInFlight: unpriced.length };
}

/** The figures once one more call is admitted: a batch of journal entries is checked in order against them. */
export function withOneMore(figures: BudgetFigures, reserve: string, unpriced: boolean): BudgetFigures {
  return {
    ...figures,
    person: figures.person
      ? { ...figures.person, reserved: new Big(figures.person.reserved).plus(reserve).toString() }
      : null,
    reserved: new Big(figures.reserved).plus(reserve).toString(),
    inFlight: figures.inFlight + 1,
    unpricedInFlight: figures.unpricedInFlight + (unpriced ? 1 : 0),
  };
}
