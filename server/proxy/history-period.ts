import { refuse } from './api-rules.ts';

/**
 * A period of UTC days as the history's exports and the spend breakdown take it: `?from=YYYY-MM-DD&to=YYYY-MM-DD`,
 * both included, each optional.
 */
export interface PeriodQuery {
  from?: string;
  to?: string;
}

export const DAYS = 'from and to must be real days like 2026-11-23 (UTC), from no later than to';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day as written, or false: 2026-02-30 and 2026-13-45 are not days (Date would roll or fail). */
const realDay = (day: string) =>
  DAY.test(day) &&
  !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
  new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

/** [from, to) from ?from=YYYY-MM-DD&to=YYYY-MM-DD (to inclusive as a day); the whole history when absent. */
export function period({ from, to }: PeriodQuery): { from: string; to: string } | null {
  if ((from && !realDay(from)) || (to && !realDay(to)) || (from && to && from > to)) return null;
  const end = to ? new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString() : '9999-12-31T00:00:00.000Z';
  return { from: from ? `${from}T00:00:00.000Z` : '0000', to: end };
}

/** The period asked for, or a 400 saying what a day is. */
export function periodOf(query: PeriodQuery) {
  const range = period(query);
  if (!range) refuse(400, 'bad_request', DAYS);
  return range;
}
