import { describe, expect, it } from 'vitest';
import { limitWords } from './limit-words';

describe('a person’s limit in words', () => {
  it('says a limit with its period, spend and reset', () => {
    expect(limitWords({ credits: '0.3', period: 'day', spent: '0.2', resetsAt: '2026-11-26T00:00:00.000Z' })).toBe(
      '0.3 credits a day · 0.2 spent · resets 2026-11-26 00:00 UTC',
    );
  });

  it('says a limit on all their spend without a reset', () => {
    expect(limitWords({ credits: '5', period: 'total', spent: '1.5', resetsAt: null })).toBe(
      '5 credits in total · 1.5 spent',
    );
  });
});
