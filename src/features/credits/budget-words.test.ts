import { describe, expect, it } from 'vitest';
import type { Budget } from '../../api/session';
import { warningNote, meterBudgetSentence, meterBudgetText, personLimitWords, personResetWords } from './budget-words';

const budget: Budget = {
  operatorLimit: null,
  personalLimit: null,
  limit: null,
  spentSinceStart: '0',
  remaining: null,
  reached: false,
  reachedBy: null,
  period: 'total',
  spentInPeriod: '0',
  warnAt: null,
  warning: false,
  warningBy: null,
};

describe('the meter budget', () => {
  it('says what is left of the tighter limit, or the spend of a per-day or per-month operator limit', () => {
    expect(meterBudgetText(budget)).toBeNull();
    expect(meterBudgetText({ ...budget, limit: '1', operatorLimit: '1', remaining: '0.7' })).toBe('0.7 of 1 left');
    const daily = {
      ...budget,
      period: 'day' as const,
      operatorLimit: '5',
      limit: '5',
      remaining: '0.3',
      spentInPeriod: '4.7',
    };
    expect(meterBudgetText(daily)).toBe('4.7 of 5 today');
    expect(meterBudgetText({ ...daily, period: 'month' })).toBe('4.7 of 5 this month');
    expect(meterBudgetText({ ...daily, personalLimit: '2', limit: '2', remaining: '1.5' })).toBe('1.5 of 2 left');
  });

  it('says the warning in words, not only in colour', () => {
    const warned = {
      ...budget,
      period: 'day' as const,
      operatorLimit: '5',
      limit: '5',
      remaining: '0.3',
      spentInPeriod: '4.7',
      warnAt: '4',
      warning: true,
      warningBy: 'operator' as const,
    };
    expect(meterBudgetSentence(warned)).toMatch(
      /4\.7 of the operator's 5 credits spent today\. Warning: close to the server operator's limit \(warns at 4\)/,
    );
  });

  it("names the person's own limit when its warning point is passed", () => {
    const personal = {
      ...budget,
      personalLimit: '2',
      limit: '2',
      remaining: '0.06',
      warnAt: '1.6',
      warning: true,
      warningBy: 'personal' as const,
    };
    expect(meterBudgetSentence(personal)).toBe(
      ', 0.06 of 2 left. Warning: close to your limit (warns at 1.6); paid calls stop when it is reached',
    );
    expect(warningNote(personal)).toBe(
      'Close to your limit (amber from 1.6 credits spent this session): paid calls are refused once it is reached.',
    );
  });

  it("names a signed-in person's own limit (#28) by name, with what it counts and when it resets", () => {
    const alice = {
      ...budget,
      limit: '0.3',
      remaining: '0.06',
      warnAt: '0.24',
      warning: true,
      warningBy: 'person' as const,
      person: {
        name: 'alice',
        limit: '0.3',
        period: 'day' as const,
        spent: '0.24',
        resetsAt: '2026-11-26T00:00:00.000Z',
      },
    };
    expect(meterBudgetSentence(alice)).toBe(
      ", 0.06 of 0.3 left. Warning: close to alice's limit (warns at 0.24); paid calls stop when it is reached",
    );
    expect(warningNote(alice)).toBe(
      "Close to alice's limit (amber from 0.24 credits spent today (UTC); resets 00:00 UTC): paid calls are refused once it is reached.",
    );
    expect(personLimitWords(alice.person)).toBe("alice's limit of 0.3 credits a day");
    const monthly = { ...alice.person, period: 'month' as const, resetsAt: '2026-12-01T00:00:00.000Z' };
    expect(personResetWords(monthly)).toBe('resets 00:00 UTC on 2026-12-01');
  });
});
