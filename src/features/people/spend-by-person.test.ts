import { describe, expect, it } from 'vitest';
import type { LedgerRow } from '../../contract/session';
import { limitWords, NO_PERSON, spendByPerson } from './spend-by-person';

const row = (person: string | null, credits: string): LedgerRow => ({
  id: `${person}-${credits}`,
  session: 's',
  at: '2026-11-25T10:00:00.000Z',
  operation: 'timeline',
  params: {},
  status: 200,
  credits,
  durationMs: 10,
  ok: true,
  charged: 'yes',
  attempts: [],
  person,
});

describe('spend by person', () => {
  it('sums exact decimals per person, biggest first, nobody last when it spent least', () => {
    const lines = spendByPerson([row('alice', '0.1'), row('bob', '0'), row('alice', '0.2'), row(null, '0.05')]);
    expect(lines).toEqual([
      { person: 'alice', calls: 2, credits: '0.3' },
      { person: NO_PERSON, calls: 1, credits: '0.05' },
      { person: 'bob', calls: 1, credits: '0' },
    ]);
  });

  it('says a limit with its period, spend and reset', () => {
    expect(limitWords({ credits: '0.3', period: 'day', spent: '0.2', resetsAt: '2026-11-26T00:00:00.000Z' })).toBe(
      '0.3 credits a day · 0.2 spent · resets 2026-11-26 00:00 UTC',
    );
  });
});
