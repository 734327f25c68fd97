import type { PersonLimit } from '../../api/auth/me';

export const PERIOD_WORDS = { total: 'in total', day: 'a day', month: 'a month' } as const;

/** "0.3 credits a day · 0.2 spent · resets 2026-11-26 00:00 UTC" */
export function limitWords(limit: PersonLimit): string {
  const resets = limit.resetsAt ? ` · resets ${limit.resetsAt.slice(0, 16).replace('T', ' ')} UTC` : '';
  return `${limit.credits} credits ${PERIOD_WORDS[limit.period]} · ${limit.spent} spent${resets}`;
}
