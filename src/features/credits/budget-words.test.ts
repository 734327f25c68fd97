import { describe, expect, it } from 'vitest';
import type { Budget } from '../../api/session';
import { meterBudgetSentence, meterBudgetText } from './budget-words';

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
    };
    expect(meterBudgetSentence(warned)).toMatch(
      /4\.7 of the operator's 5 credits spent today\. Warning: close to the limit \(warns at 4\)/,
    );
  });
});
