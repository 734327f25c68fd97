import type { Budget } from '../../api/session';

/** "today", "this month" or "in total": the span the operator's limit counts, in the meter's words. */
export function periodWords(period: Budget['period']): string {
  return period === 'day' ? 'today' : period === 'month' ? 'this month' : 'in total';
}

/** What the operator's limit counts, for the sentences that explain it. The server's days and months are UTC. */
export function operatorScope(period: Budget['period']): string {
  const when = period === 'day' ? ' today (UTC day)' : period === 'month' ? ' this month (UTC)' : '';
  return `all spend through this server's store${when}, across sessions, browsers and server processes`;
}

/** Whether the meter shows the operator's period ("4.7 of 5 today") rather than what is left of the tighter limit. */
function showsPeriod(budget: Budget): boolean {
  return budget.period !== 'total' && budget.operatorLimit !== null && budget.limit === budget.operatorLimit;
}

/**
 * The meter's budget figure in three parts, the middle one left out where the header is narrow: "0.7" " of 1"
 * " left", or spend against a per-day/month operator limit, "4.7 of 5" "" " today".
 */
export function meterBudgetParts(budget: Budget): { lead: string; detail: string; tail: string } | null {
  if (budget.limit === null) return null;
  if (showsPeriod(budget))
    return {
      lead: `${budget.spentInPeriod} of ${budget.operatorLimit}`,
      detail: '',
      tail: ` ${periodWords(budget.period)}`,
    };
  return { lead: budget.remaining ?? '', detail: ` of ${budget.limit}`, tail: ' left' };
}

/** The meter's budget figure whole: "0.7 of 1 left", "4.7 of 5 today". */
export function meterBudgetText(budget: Budget): string | null {
  const parts = meterBudgetParts(budget);
  return parts && `${parts.lead}${parts.detail}${parts.tail}`;
}

type PersonLimit = NonNullable<Budget['person']>;
const PERSON_PERIOD: Record<PersonLimit['period'], string> = { total: 'in total', day: 'a day', month: 'a month' };

/** A signed-in person's own limit (#28) in words: "alice's limit of 0.3 credits a day". */
export function personLimitWords(person: PersonLimit): string {
  return `${person.name}'s limit of ${person.limit} credits ${PERSON_PERIOD[person.period]}`;
}

/** When a person's limit starts again: "resets 00:00 UTC", "resets 00:00 UTC on 2026-12-01", or who can raise it. */
export function personResetWords(person: PersonLimit): string {
  if (person.resetsAt === null) return 'it counts all their spend: an admin can raise it';
  return person.period === 'month' ? `resets 00:00 UTC on ${person.resetsAt.slice(0, 10)}` : 'resets 00:00 UTC';
}

/** Whose warning point is passed, in words: "your limit", "alice's limit" or "the server operator's limit". */
export function warningOwnerWords(budget: Budget): string {
  if (budget.warningBy === 'person' && budget.person) return `${budget.person.name}'s limit`;
  return budget.warningBy === 'personal'
    ? 'your limit'
    : budget.warningBy === 'operator'
      ? "the server operator's limit"
      : 'the limit';
}

/** What the warning limit counts, in words: this session, the operator's period, or the person's own. */
function countedWords(budget: Budget): string {
  if (budget.warningBy === 'personal') return 'this session';
  if (budget.warningBy === 'person' && budget.person)
    return `${{ total: 'in total', day: 'today (UTC)', month: 'this month (UTC)' }[budget.person.period]}; ${personResetWords(budget.person)}`;
  return periodWords(budget.period);
}

/** Where the amber started and why, for the meter's tooltip and the Credits page. */
export function warningNote(budget: Budget): string {
  const counted = countedWords(budget);
  return `Close to ${warningOwnerWords(budget)} (amber from ${budget.warnAt} credits spent ${counted}): paid calls are refused once it is reached.`;
}

/** The same for screen readers, with the warning said in words (the amber colour alone says nothing to them). */
export function meterBudgetSentence(budget: Budget): string {
  const figure =
    budget.limit === null
      ? ''
      : showsPeriod(budget)
        ? `, ${budget.spentInPeriod} of the operator's ${budget.operatorLimit} credits spent ${periodWords(budget.period)}`
        : `, ${budget.remaining} of ${budget.limit} left`;
  return budget.warning
    ? `${figure}. Warning: close to ${warningOwnerWords(budget)} (warns at ${budget.warnAt}); paid calls stop when it is reached`
    : figure;
}

/**
 * Whose limit stopped paid calls, and only the ways out that exist for it: the operator's CREDIT_LIMIT
 * cannot be raised, cleared or reset from the browser; the personal limit can.
 */
export function meterReachedNotes(budget: Budget): { owner: string; sentence: string; title: string } {
  if (budget.reachedBy === 'operator') {
    return {
      owner: "operator's",
      sentence: `The server operator's limit of ${budget.operatorLimit} credits is reached: paid calls are refused. It counts ${operatorScope(budget.period)} and cannot be changed from the browser`,
      title: `The server operator's limit of ${budget.operatorLimit} credits is reached: paid calls are refused. Only whoever runs creditscope can change it.`,
    };
  }
  if (budget.reachedBy === 'person' && budget.person) {
    // The signed-in person's own limit (#28): only its period or an admin lifts it.
    const words = `${personLimitWords(budget.person)} is reached: paid calls are refused; ${personResetWords(budget.person)}`;
    return { owner: `${budget.person.name}'s`, sentence: words, title: `${words}.` };
  }
  if (budget.reachedBy === 'personal') {
    return {
      owner: 'your',
      sentence: `Your limit of ${budget.personalLimit} credits for this session is reached: paid calls are refused until you raise or clear it, or start a new session`,
      title:
        'Your limit for this session is reached: paid calls are refused. Open Credits to raise or clear it, or start a new session.',
    };
  }
  // A server that names no owner (none of today's does): the Credits page says which.
  const words = `A credit limit of ${budget.limit} is reached: paid calls are refused`;
  return { owner: '', sentence: words, title: `${words}.` };
}
