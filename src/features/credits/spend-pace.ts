import type { Budget, SessionState } from '../../api/session';
import { PACE_WINDOW_MS } from '../../contract/session';
import { mulDiv, sumDecimals } from '../../lib/decimal';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** A rate read off the first seconds of a session says more about the first call than about the session. */
export const PACE_AFTER_MS = 60_000;
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
   * Spending now, not the session's average: an hour-old burst does not hold the rate up.
   */
  perHour: string;
  /** The window it is measured over: the last 15 minutes, or the whole session while it is younger. */
  windowMs: number;
  /** Charged calls and their credits in the window; no call in it is an idle session. */
  calls: number;
  spent: string;
  /** When the limit is reached at this pace: only while spending (a call in the window); null when idle or unlimited. */
  forecast: LimitForecast | null;
}

/** Where the operator's period ends (UTC, as the server counts it), or null when its limit never starts again. */
function periodEnd(period: Budget['period'], now: number): number | null {
  const date = new Date(now);
  if (period === 'day') return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1);
  if (period === 'month') return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  return null;
}

function forecast(budget: Budget, spent: string, windowMs: number, now: number): LimitForecast | null {
  if (budget.limit === null) return null;
  if (budget.reached) return { kind: 'reached' };
  if (budget.remaining === null || !/[1-9]/.test(spent)) return null;
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

/**
 * This session's spending pace over its last 15 minutes (PACE_WINDOW_MS), or since it started when younger,
 * and where it leads under the nearest limit while spending goes on. Null in the session's first minute,
 * when one call would make the rate mean nothing.
 */
export function spendPace(
  state: Pick<SessionState, 'session' | 'budget' | 'recentSpend'>,
  now: number,
): SpendPace | null {
  const startedAt = Date.parse(state.session.startedAt);
  if (!Number.isFinite(startedAt) || now - startedAt < PACE_AFTER_MS) return null;
  const windowStart = Math.max(startedAt, now - PACE_WINDOW_MS);
  const windowMs = now - windowStart;
  const { calls, spent } = spendInWindow(state.recentSpend, windowStart);
  const rounded = mulDiv(spent, String(HOUR_MS), String(windowMs), 2)!;
  const perHour =
    rounded === '0' && /[1-9]/.test(spent) ? mulDiv(spent, String(HOUR_MS), String(windowMs), 4)! : rounded;
  // Idle (no charged call in the window): no forecast, since no spending is going on to reach anything.
  const spending = calls > 0 && /[1-9]/.test(spent);
  const ahead = spending || state.budget.reached ? forecast(state.budget, spent, windowMs, now) : null;
  return { perHour, windowMs, calls, spent, forecast: ahead };
}
