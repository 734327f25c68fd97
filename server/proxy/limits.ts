import Big from 'big.js';
import type { Ledger } from '../ledger/ledger.ts';

export type LimitOwner = 'operator' | 'personal';

export interface BudgetState {
  operatorLimit: string | null;
  personalLimit: string | null;
  /** The lower of the two: what the meter shows. */
  limit: string | null;
  spentSinceStart: string;
  remaining: string | null;
  reached: boolean;
  reachedBy: LimitOwner | null;
}

const min = (values: (Big | null)[]): Big | null =>
  values.reduce<Big | null>((lowest, value) => (value === null ? lowest : lowest === null || value.lt(lowest) ? value : lowest), null);
const atLeastZero = (value: Big) => (value.lt(0) ? new Big(0) : value);

/**
 * Two limits, two owners. The operator's CREDIT_LIMIT is a ceiling on all spend since this server
 * started, whatever sessions the browser starts; nothing from the browser can move it. The browser
 * may set a personal limit on the current session's spend, never above the ceiling.
 */
export class Limits {
  constructor(private readonly ledger: Ledger, readonly operatorLimit: string | null) {}

  /** One kept from a past run that is above today's ceiling is ignored: it must not stand in for the operator's. */
  get personalLimit(): string | null {
    const personal = this.ledger.personalLimit;
    if (personal === null || this.operatorLimit === null) return personal;
    return new Big(personal).gt(this.operatorLimit) ? null : personal;
  }

  get active(): boolean { return this.operatorLimit !== null || this.personalLimit !== null; }

  /** Sets (or with null clears) the personal limit; returns why not when it would exceed the operator's. */
  setPersonal(limit: string | null): string | null {
    if (limit !== null && this.operatorLimit !== null && new Big(limit).gt(this.operatorLimit)) {
      return `Your limit of ${limit} credits cannot be higher than the limit of ${this.operatorLimit} credits set by the server operator (CREDIT_LIMIT). Choose ${this.operatorLimit} or less.`;
    }
    this.ledger.setPersonalLimit(limit === null ? null : new Big(limit).toString());
    return null;
  }

  /** Why one more call must be refused, given what calls in flight have reserved; null to admit it. */
  refusal(reserved: Big): { by: LimitOwner; message: string } | null {
    const inFlight = reserved.gt(0) ? `, ${reserved.toString()} more reserved by calls in flight` : '';
    const operator = this.operatorLimit;
    if (operator !== null && new Big(this.ledger.spentSinceStart).plus(reserved).gte(operator)) {
      return { by: 'operator', message: `The server operator's credit limit of ${operator} is reached (${this.ledger.spentSinceStart} spent since the server started${inFlight}). It counts all spend through this server, across sessions, and cannot be changed from the browser: ask whoever runs creditscope to raise CREDIT_LIMIT.` };
    }
    const personal = this.personalLimit;
    if (personal !== null && new Big(this.ledger.spent).plus(reserved).gte(personal)) {
      return { by: 'personal', message: `Your credit limit of ${personal} for this session is reached (${this.ledger.spent} spent${inFlight}). Raise or clear your limit on the Credits page, or start a new session.` };
    }
    return null;
  }

  state(): BudgetState {
    const { operatorLimit, personalLimit } = this;
    const sinceStart = new Big(this.ledger.spentSinceStart);
    const session = new Big(this.ledger.spent);
    const operatorLeft = operatorLimit === null ? null : atLeastZero(new Big(operatorLimit).minus(sinceStart));
    const personalLeft = personalLimit === null ? null : atLeastZero(new Big(personalLimit).minus(session));
    const reachedBy: LimitOwner | null = operatorLimit !== null && sinceStart.gte(operatorLimit) ? 'operator'
      : personalLimit !== null && session.gte(personalLimit) ? 'personal' : null;
    const limit = min([operatorLimit === null ? null : new Big(operatorLimit), personalLimit === null ? null : new Big(personalLimit)]);
    return {
      operatorLimit, personalLimit,
      limit: limit?.toString() ?? null,
      spentSinceStart: sinceStart.toString(),
      remaining: min([operatorLeft, personalLeft])?.toString() ?? null,
      reached: reachedBy !== null,
      reachedBy,
    };
  }
}
