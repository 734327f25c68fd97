import type { Budget, SessionState } from '../../api/session';
import { PACE_WINDOW_MS } from '../../contract/session';
import { mulDiv, sumDecimals } from '../../contract/decimal-math';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/**
 * Fewer calls than this in the window make no rate (#33): one 0.1-credit call is no pace of 0.4 credits an hour,
 * and a forecast read off it would say nothing.
 */
export const PACE_MIN_CALLS = 3;
/** Further than this, "when" is no forecast worth a clock time. */
const HORIZON_MS = 30 * 86_400_000;

export type LimitForecast =
  | { kind: 'reached' }
  | { kind: 'at'; at: number; inMs: number }
  /** The operator's per-day or per-month limit starts again before this pace would reach it. */
  | { kind: 'resets-first'; resetsAt: number; period: 'day' | 'month' }
  | { kind: 'beyond'; days: number };

export interface SpendPace {
  /**
   * Credits per hour over the recent window: an exact decimal, rounded to 2 places (4 when that would show 0).
   * Spending now, not the session's average: an hour-old burst does not hold the rate up. Null with fewer than
   * PACE_MIN_CALLS charged calls in the window: too few to make a rate of.
   */
  perHour: string | null;
  /** The window it is measured over: always the last 15 minutes, however young the session (a fixed window). */
  windowMs: number;
  /** Charged calls and their credits in the window; no call in it is an idle session. */
  calls: number;
  spent: string;
  /**
   * When the nearest limit is reached at this pace: only with a rate (PACE_MIN_CALLS in the window), or once a
   * limit is reached; null otherwise, or with no limit.
   */
  forecast: LimitForecast | null;
}

/** Where the operator's period ends (UTC, as the server counts it), or null when its limit never starts again. */
function periodEnd(period: Budget['period'], now: number): number | null {
  const date = new Date(now);
  if (period === 'day') return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1);
  if (period === 'month') return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  return null;
}

function forecast(
  { budget, team }: Pick<SessionState, 'budget' | 'team'>,
  spent: string,
  windowMs: number,
  now: number,
): LimitForecast | null {
  if (budget.limit === null) return null;
  if (budget.reached) return { kind: 'reached' };
  // The operator's limit on a server where people sign in is the team's: one person's pace says nothing of when
  // everyone's spend reaches it (the Credits page draws no such limit over their spend either).
  if ((team && budget.limitBy === 'operator') || budget.remaining === null || !/[1-9]/.test(spent)) return null;
  // remaining ÷ (spent ÷ window), as one exact product and quotient: the rounded rate never feeds the clock.
  const inMs = Number(mulDiv(budget.remaining, String(windowMs), spent, 0));
  const at = now + inMs;
  const operators = !(budget.personalLimit !== null && budget.limit === budget.personalLimit);
  const resetsAt = operators && budget.period !== 'total' ? periodEnd(budget.period, now) : null;
  if (resetsAt !== null && at >= resetsAt)
    return { kind: 'resets-first', resetsAt, period: budget.period as 'day' | 'month' };
  if (inMs > HORIZON_MS) return { kind: 'beyond', days: Math.floor(HORIZON_MS / 86_400_000) };
  return { kind: 'at', at, inMs };
}

/**
 * The spend in the window that ends at `now`: every minute the server listed that overlaps it. The server
 * groups calls by minute, so the window's oldest minute counts whole (at most a minute's spend early).
 */
export function spendInWindow(
  recent: SessionState['recentSpend'],
  windowStart: number,
): { calls: number; spent: string } {
  const inWindow = recent.filter(({ minute }) => Date.parse(`${minute}:00Z`) + MINUTE_MS > windowStart);
  return {
    calls: inWindow.reduce((sum, { calls }) => sum + calls, 0),
    spent: sumDecimals(inWindow.map(({ credits }) => credits)),
  };
}

/** Credits per hour: `spent` over `windowMs`, rounded to 2 places (4 when that would show 0). */
function hourly(spent: string, windowMs: number): string {
  const rounded = mulDiv(spent, String(HOUR_MS), String(windowMs), 2)!;
  return rounded === '0' && /[1-9]/.test(spent) ? mulDiv(spent, String(HOUR_MS), String(windowMs), 4)! : rounded;
}

/**
 * The signed-in person's own spending pace (#33) over a fixed window, the last 15 minutes (PACE_WINDOW_MS),
 * counted as 15 minutes even when their session is younger, and where it leads under their nearest limit. A rate
 * and a forecast only with PACE_MIN_CALLS charged calls in the window: one call makes no rate.
 */
export function spendPace(state: Pick<SessionState, 'budget' | 'recentSpend' | 'team'>, now: number): SpendPace {
  const windowMs = PACE_WINDOW_MS;
  const { calls, spent } = spendInWindow(state.recentSpend, now - windowMs);
  // Too few calls, or idle: no rate and no forecast, since no steady spending is going on to reach anything.
  const steady = calls >= PACE_MIN_CALLS && /[1-9]/.test(spent);
  const ahead = steady || state.budget.reached ? forecast(state, spent, windowMs, now) : null;
  return { perHour: steady ? hourly(spent, windowMs) : null, windowMs, calls, spent, forecast: ahead };
}
