import type { LedgerRow } from '../../contract/session';
import type { PersonLimit } from '../../api/auth/me';
import { compareDecimals, sumDecimals } from '../../lib/decimal';

export interface PersonSpend {
  person: string;
  calls: number;
  credits: string;
}

/** Nobody signed in bought it: loopback `none` mode, or a row from before people were known. */
export const NO_PERSON = '(nobody signed in)';

/** The ledger's rows summed by who bought them, biggest spender first. Free rows count as calls, at 0. */
export function spendByPerson(rows: readonly LedgerRow[]): PersonSpend[] {
  const byPerson = new Map<string, string[]>();
  for (const row of rows) {
    const person = row.person ?? NO_PERSON;
    byPerson.set(person, [...(byPerson.get(person) ?? []), row.credits]);
  }
  return [...byPerson]
    .map(([person, credits]) => ({ person, calls: credits.length, credits: sumDecimals(credits) }))
    .sort((a, b) => compareDecimals(b.credits, a.credits) || a.person.localeCompare(b.person));
}

const PERIOD_WORDS = { total: 'in total', day: 'a day', month: 'a month' } as const;

/** "0.3 credits a day · 0.2 spent · resets 2026-11-26 00:00 UTC" */
export function limitWords(limit: PersonLimit): string {
  const resets = limit.resetsAt ? ` · resets ${limit.resetsAt.slice(0, 16).replace('T', ' ')} UTC` : '';
  return `${limit.credits} credits ${PERIOD_WORDS[limit.period]} · ${limit.spent} spent${resets}`;
}
