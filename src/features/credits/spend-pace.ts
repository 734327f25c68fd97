import type { Budget, SessionState } from '../../api/session';
import { mulDiv } from '../../lib/decimal';

const HOUR_MS = 3_600_000;
/** A rate read off the first seconds of a session says more about the first call than about the session. */
export const PACE_AFTER_MS = 60_000;
/** Further than this, "when" is no forecast worth a clock time. */
const HORIZON_MS = 30 * 86_400_000;

export type LimitForecast =
  | { kind: 'reached' }
  | { kind: 'at'; at: number; inMs: number }
  /** The operator's per-day or per-month limit starts again before this session's pace would reach it. */
  | { kind: 'resets-first'; resetsAt: number; period: 'day' | 'month' }
  | { kind: 'beyond'; days: number };

export interface SpendPace {
  /** Credits per hour since the session started: an exact decimal, rounded to 2 places (4 when that would show 0). */
  perHour: string;
  startedAt: number;
  elapsedMs: number;
  /** Null when no limit is set, or nothing has been spent yet. */
  forecast: LimitForecast | null;
}

/** Where the operator's period ends (UTC, as the server counts it), or null when its limit never starts again. */
function periodEnd(period: Budget['period'], now: number): number | null {
  const date = new Date(now);
  if (period === 'day') return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1);
  if (period === 'month') return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  return null;
}

function forecast(budget: Budget, total: string, elapsedMs: number, now: number): LimitForecast | null {
  if (budget.limit === null) return null;
  if (budget.reached) return { kind: 'reached' };
  if (budget.remaining === null || !/[1-9]/.test(total)) return null;
  // remaining ÷ (total ÷ elapsed), as one exact product and quotient: the rounded rate never feeds the clock.
  const inMs = Number(mulDiv(budget.remaining, String(elapsedMs), total, 0));
  const at = now + inMs;
  const operators = !(budget.personalLimit !== null && budget.limit === budget.personalLimit);
  const resetsAt = operators && budget.period !== 'total' ? periodEnd(budget.period, now) : null;
  if (resetsAt !== null && at >= resetsAt)
    return { kind: 'resets-first', resetsAt, period: budget.period as 'day' | 'month' };
  if (inMs > HORIZON_MS) return { kind: 'beyond', days: Math.floor(HORIZON_MS / 86_400_000) };
  return { kind: 'at', at, inMs };
}

/**
 * This session's spending pace, from its exact total and its start time, and where it leads under the
 * tighter limit. Null in the session's first minute, when one call would make the rate mean nothing.
 */
export function spendPace(state: Pick<SessionState, 'session' | 'budget'>, now: number): SpendPace | null {
  const startedAt = Date.parse(state.session.startedAt);
  const elapsedMs = now - startedAt;
  if (!Number.isFinite(startedAt) || elapsedMs < PACE_AFTER_MS) return null;
  const total = state.session.total;
  const rounded = mulDiv(total, String(HOUR_MS), String(elapsedMs), 2)!;
  const perHour =
    rounded === '0' && /[1-9]/.test(total) ? mulDiv(total, String(HOUR_MS), String(elapsedMs), 4)! : rounded;
  return { perHour, startedAt, elapsedMs, forecast: forecast(state.budget, total, elapsedMs, now) };
}
