import Big from 'big.js';
import type { Period } from '../store/totals.ts';
import type { BudgetFigures, PersonFigures } from './figures.ts';

/** Whose limit: the operator's CREDIT_LIMIT, this session's personal one, or the signed-in person's own (#28). */
export type LimitOwner = 'operator' | 'personal' | 'person';
/** Who set the limit a refusal names (a person's own limit with their name in `limitOwner`). */
export type RefusedBy = LimitOwner;
/** Where the meter turns amber before the hard stop (CREDIT_WARN_AT): credits, or a percentage of the operator's limit. */
export type WarnAt = { credits: string } | { percent: number } | null;
export type Refusal = { by: RefusedBy; message: string; /** A person's limit: whose. */ limitOwner?: string };
/** Where the meter turns amber under a personal or a person's limit: this share of it (the operator's is CREDIT_WARN_AT). */
export const PERSONAL_WARN_PERCENT = 80;

/** One limit as the meter weighs it: whose, its ceiling (null for a warning set without one), what it counts. */
interface LimitStanding {
  owner: LimitOwner;
  limit: Big | null;
  spent: Big;
  warnAt: Big | null;
}

/** A call the journal was asked for. */
export interface CallToAdmit {
  operation: string;
  /** The caller's ceiling price for it; null when this process knows none. */
  reserve: string | null;
}

export type Admission =
  /** Journal it, holding `reserve` against the budget until it settles; `unpriced` when nobody knew its price. */
  | { kind: 'admitted'; reserve: string; unpriced: boolean }
  | { kind: 'refused'; refusal: Refusal }
  /** A call nobody could price is in flight under a limit (or this one is unpriced and others are): ask again once it settles. */
  | { kind: 'wait' };

export interface BudgetState {
  operatorLimit: string | null;
  /** What the operator's limit counts: all spend in the store ('total'), or this UTC day's or month's. */
  period: Period;
  personalLimit: string | null;
  /** The nearest limit (the least left, the operator's on a tie): what the meter shows. */
  limit: string | null;
  /** Spend in the operator's period, every process and browser together. */
  spentInPeriod: string;
  /** Kept for older clients: the same as spentInPeriod. */
  spentSinceStart: string;
  remaining: string | null;
  /** Whose limit `limit` and `remaining` are: a call whose known price is more than `remaining` is refused. */
  limitBy: LimitOwner | null;
  /** Where the meter turns amber before the hard stop, in credits of what that limit counts; null when none is set. */
  warnAt: string | null;
  warning: boolean;
  /** Whose warning point is passed (the nearest such limit); null when none is, or a limit is reached. */
  warningBy: LimitOwner | null;
  reached: boolean;
  reachedBy: LimitOwner | null;
  /** The asking person's own limit (#28), for the words that name it; null where nobody signs in or they have none. */
  person: PersonLimitState | null;
}

/** A person's limit as the meter names it: "alice's limit of 0.3 credits a day, 0.2 spent, resets 00:00 UTC". */
export interface PersonLimitState {
  name: string;
  limit: string;
  period: Period;
  /** Their spend in the period (every process and instance). */
  spent: string;
  /** When the period starts again (ISO, UTC); null for a limit on all their spend. */
  resetsAt: string | null;
}

const atLeastZero = (value: Big) => (value.lt(0) ? new Big(0) : value);

/** Where a call stands against one limit: it fits, the limit is reached, or what is left is less than its price. */
type Standing = 'fits' | 'reached' | { left: string; price: string };

function limitStanding(counted: Big, limit: string, price: string): Standing {
  if (counted.gte(limit)) return 'reached';
  return counted.plus(price).gt(limit) ? { left: new Big(limit).minus(counted).toFixed(), price } : 'fits';
}

/** "is reached (0.3 spent)", or "leaves 0.1 credits (1.1 spent), less than this call's price of 0.2". */
function standingWords(standing: Exclude<Standing, 'fits'>, counted: string): string {
  if (standing === 'reached') return `is reached (${counted})`;
  return `leaves ${standing.left} credits (${counted}), less than this call's price of ${standing.price}`;
}
const PERIOD_WORDS: Record<Period, string> = { total: 'in total', day: 'today (UTC)', month: 'this month (UTC)' };

/**
 * The budget's rules, all of them: whether a call may be journalled and what it reserves (admit), and what
 * each limit stands at (state), from the figures the store reads (figures.ts). Two limits, two owners. The operator's CREDIT_LIMIT is a ceiling on all spend in the store for its
 * period, whatever sessions the browser starts and however many processes share the store; nothing
 * from the browser can move it. The browser may set a personal limit on the current session's spend,
 * never above the ceiling.
 */
export class Limits {
  constructor(
    readonly operatorLimit: string | null,
    readonly period: Period = 'total',
    private readonly warn: WarnAt = null,
  ) {}

  /** One kept from a past run that is above today's ceiling is ignored: it must not stand in for the operator's. */
  effectivePersonal(personal: string | null): string | null {
    if (personal === null || this.operatorLimit === null) return personal;
    return new Big(personal).gt(this.operatorLimit) ? null : personal;
  }

  /** Why the personal limit cannot be set, or null. */
  personalProblem(limit: string | null): string | null {
    if (limit !== null && this.operatorLimit !== null && new Big(limit).gt(this.operatorLimit)) {
      return `Your limit of ${limit} credits cannot be higher than the limit of ${this.operatorLimit} credits set by the server operator (CREDIT_LIMIT). Choose ${this.operatorLimit} or less.`;
    }
    return null;
  }

  /** Whether any limit bounds spending now: then a call of unknown price cannot go beside others. */
  private bounded(figures: BudgetFigures): boolean {
    return (
      this.operatorLimit !== null || this.effectivePersonal(figures.personalLimit) !== null || Boolean(figures.person)
    );
  }

  /**
   * May this call be journalled now, and what does it reserve? Its caller's price, else the highest any
   * process has learnt, else nothing. A call whose price is known is admitted only if that whole price fits
   * under every limit, so no limit is passed; a call nobody can price yet could cost anything, so under a
   * limit it goes alone, and the limit is passed by one call at most. Decided inside the store's write lock.
   */
  admit(figures: BudgetFigures, call: CallToAdmit): Admission {
    const reserve = call.reserve ?? figures.highest.get(call.operation) ?? null;
    if (this.bounded(figures) && (figures.unpricedInFlight > 0 || (reserve === null && figures.inFlight > 0)))
      return { kind: 'wait' };
    const refusal = this.refusal(figures, reserve ?? '0');
    if (refusal) return { kind: 'refused', refusal };
    return { kind: 'admitted', reserve: reserve ?? '0', unpriced: reserve === null };
  }

  /**
   * Why one more call must be refused, from figures read inside the store's write lock; null to admit it.
   * `price` is what the call holds (0 when nobody knows it): it is admitted only if all of it fits under
   * every limit, beside what is spent and what calls in flight hold.
   */
  private refusal(figures: BudgetFigures, price: string): Refusal | null {
    const reserved = new Big(figures.reserved);
    const inFlight = reserved.gt(0) ? `, ${reserved.toFixed()} more reserved by calls in flight` : '';
    const operator = this.operatorLimit;
    // Everyone's calls in flight count against the store's limits; only the person's own against theirs.
    const standing = (spent: string, limit: string, held: Big.BigSource = reserved) =>
      limitStanding(new Big(spent).plus(held), limit, price);
    const operatorStands = operator === null ? 'fits' : standing(figures.spentInPeriod, operator);
    if (operator !== null && operatorStands !== 'fits') {
      return {
        by: 'operator',
        message: `The server operator's credit limit of ${operator} ${PERIOD_WORDS[this.period]} ${standingWords(operatorStands, `${figures.spentInPeriod} spent${inFlight}`)}. It counts all spend through this server's store, across sessions, browsers and server processes, and cannot be changed from the browser: ask whoever runs creditscope to raise CREDIT_LIMIT.`,
      };
    }
    const person = figures.person;
    const personStands = person ? standing(person.spent, person.limit, person.reserved) : 'fits';
    if (person && personStands !== 'fits') {
      return {
        by: 'person',
        limitOwner: person.name,
        message: personRefusal(person, new Date(), personStands),
      };
    }
    const personal = this.effectivePersonal(figures.personalLimit);
    const personalStands = personal === null ? 'fits' : standing(figures.spentInSession, personal);
    if (personal !== null && personalStands !== 'fits') {
      return {
        by: 'personal',
        message: `Your credit limit of ${personal} for this session ${standingWords(personalStands, `${figures.spentInSession} spent${inFlight}`)}. Raise or clear your limit on the Credits page, or start a new session.`,
      };
    }
    return null;
  }

  private operatorWarnAt(): Big | null {
    if (!this.warn) return null;
    if ('credits' in this.warn) return new Big(this.warn.credits);
    return this.operatorLimit === null ? null : new Big(this.operatorLimit).times(this.warn.percent).div(100);
  }

  /**
   * Every limit on the next call, each with its owner, what it counts and where it warns, in the order a
   * tie is settled (the operator's first). The asking person's own limit (#28) is there only when they have one.
   */
  private standings(figures: BudgetFigures): LimitStanding[] {
    const personal = this.effectivePersonal(figures.personalLimit);
    const person = figures.person ?? null;
    const share = (limit: string) => new Big(limit).times(PERSONAL_WARN_PERCENT).div(100);
    return [
      {
        owner: 'operator',
        limit: this.operatorLimit === null ? null : new Big(this.operatorLimit),
        spent: new Big(figures.spentInPeriod),
        warnAt: this.operatorWarnAt(),
      },
      {
        owner: 'personal',
        limit: personal === null ? null : new Big(personal),
        spent: new Big(figures.spentInSession),
        warnAt: personal === null ? null : share(personal),
      },
      ...(person === null
        ? []
        : [
            {
              owner: 'person' as const,
              limit: new Big(person.limit),
              spent: new Big(person.spent),
              warnAt: share(person.limit),
            },
          ]),
    ];
  }

  /**
   * What each limit stands at, for the meter (/api/_session) and job quotes. Decimals are written with toFixed:
   * big.js's toString writes 8e-7 (80 % of a limit of 0.000001) in exponent form, which no page can read. One rule for every owner: the
   * nearest limit (least left) is the one shown and the one reached first; the meter turns amber once any
   * limit passes its warning point, named by the nearest of those, and red once the nearest is reached.
   */
  state(figures: BudgetFigures, now = new Date()): BudgetState {
    const { operatorLimit, period } = this;
    const standings = this.standings(figures);
    const nearest = byLeast(standings.filter(hasLimit))[0] ?? null;
    const reached = nearest !== null && left(nearest).eq(0) ? nearest : null;
    const warned = byLeast(
      standings.filter((standing) => standing.warnAt !== null && standing.spent.gte(standing.warnAt)),
    );
    const warning = reached === null ? (warned[0] ?? null) : null;
    // Where the amber starts: the warning limit's point, else the nearest limit's, else a warning set without a limit.
    const warnAt =
      (warning ?? nearest)?.warnAt ?? standings.find((standing) => standing.warnAt !== null)?.warnAt ?? null;
    const inPeriod = new Big(figures.spentInPeriod);
    return {
      operatorLimit,
      period,
      personalLimit: this.effectivePersonal(figures.personalLimit),
      limit: nearest?.limit?.toFixed() ?? null,
      spentInPeriod: inPeriod.toFixed(),
      spentSinceStart: inPeriod.toFixed(),
      remaining: nearest === null ? null : left(nearest).toFixed(),
      limitBy: nearest?.owner ?? null,
      warnAt: warnAt?.toFixed() ?? null,
      warning: warning !== null,
      warningBy: warning?.owner ?? null,
      reached: reached !== null,
      reachedBy: reached?.owner ?? null,
      person: figures.person ? personLimitState(figures.person, now) : null,
    };
  }
}

function personLimitState({ name, limit, period, spent }: PersonFigures, now: Date): PersonLimitState {
  return { name, limit, period, spent, resetsAt: periodResetsAt(period, now)?.toISOString() ?? null };
}

const PERSON_PERIOD_WORDS: Record<Period, string> = { total: 'in total', day: 'a day', month: 'a month' };

/** When a person's period starts again, in UTC: null for a limit on all their spend. */
export function periodResetsAt(period: Period, now: Date): Date | null {
  if (period === 'day') return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  if (period === 'month') return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return null;
}

/** "alice's limit of 0.3 credits a day is reached (0.3 spent today, UTC). It resets at 00:00 UTC (…)." */
export function personRefusal(
  person: PersonFigures,
  now: Date,
  standing: Exclude<Standing, 'fits'> = 'reached',
): string {
  const held = new Big(person.reserved).gt(0) ? `, ${person.reserved} more held by calls in flight` : '';
  const resets = periodResetsAt(person.period, now);
  const when =
    resets === null
      ? 'It counts all their spend: an admin can raise it (npm run user -- limit).'
      : `It resets at 00:00 UTC${person.period === 'month' ? ` on ${resets.toISOString().slice(0, 10)}` : ''} (${resets.toISOString()}), or an admin can raise it (npm run user -- limit).`;
  const spentWhen = { total: 'in total', day: 'today (UTC)', month: 'this month (UTC)' }[person.period];
  return `${person.name}'s limit of ${person.limit} credits ${PERSON_PERIOD_WORDS[person.period]} ${standingWords(standing, `${person.spent} spent ${spentWhen}${held}`)}. ${when}`;
}

type Limited = LimitStanding & { limit: Big };
const hasLimit = (standing: LimitStanding): standing is Limited => standing.limit !== null;
/** What a limit leaves, never below 0. */
const left = (standing: Limited): Big => atLeastZero(standing.limit.minus(standing.spent));

/** Least left first, a warning set without a limit last; a tie keeps the list's order (sort is stable). */
function byLeast<T extends LimitStanding>(standings: T[]): T[] {
  return [...standings].sort((a, b) => {
    const [leftA, leftB] = [hasLimit(a) ? left(a) : null, hasLimit(b) ? left(b) : null];
    if (leftA === null || leftB === null) return (leftA === null ? 1 : 0) - (leftB === null ? 1 : 0);
    return leftA.cmp(leftB);
  });
}
