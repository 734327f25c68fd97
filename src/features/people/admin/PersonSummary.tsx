import type { TeamPerson } from '../../../api/auth/people';
import { creditsText } from '../../../lib/plural';

const SPENT_WORDS = { total: 'in total', day: 'today', month: 'this month' } as const;

/** Who a person is and where they stand: their spend against their own limit, their keys, a welcome link unused. */
export function PersonSummary({ person, isYou }: { person: TeamPerson; isYou: boolean }) {
  const spent = person.limit
    ? `${person.limit.spent} of ${creditsText(person.limit.credits)} ${SPENT_WORDS[person.limit.period]}`
    : `${creditsText(person.spentTotal)} in total, no limit of their own`;
  return (
    <div className="min-w-0">
      <p className="font-medium break-all text-slate-900 dark:text-white">
        {person.name}
        {isYou && <span className="ml-1.5 text-xs font-normal text-slate-500 dark:text-slate-400">(you)</span>}
      </p>
      <p className="text-xs tabular-nums text-slate-600 dark:text-slate-400">
        {spent} · {person.keys === 1 ? '1 key' : `${person.keys} keys`}
        {!person.hasPassword && ' · welcome link not used yet'}
      </p>
    </div>
  );
}
