import { describe, expect, it } from 'vitest';
import type { BudgetFigures } from './figures.ts';
import { Limits } from './limits.ts';

const figures = (over: Partial<BudgetFigures> = {}): BudgetFigures => ({
  spentInPeriod: '0',
  spentInSession: '0',
  reserved: '0',
  sessionId: 's',
  personalLimit: null,
  highest: new Map(),
  inFlight: 0,
  unpricedInFlight: 0,
  ...over,
});
const call = { operation: 'timeline', reserve: '0.1' };

// The budget's rules on their own; the suites through the real proxy (budget, operator-cap, jobs) hold them end to end.
describe('Limits.admit', () => {
  it("reserves the caller's price, else the highest any process learnt, else nothing (unpriced)", () => {
    const limits = new Limits(null);
    expect(limits.admit(figures(), call)).toEqual({ kind: 'admitted', reserve: '0.1', unpriced: false });
    const learnt = figures({ highest: new Map([['timeline', '0.3']]) });
    expect(limits.admit(learnt, { ...call, reserve: null })).toEqual({
      kind: 'admitted',
      reserve: '0.3',
      unpriced: false,
    });
    expect(limits.admit(figures(), { ...call, reserve: null })).toEqual({
      kind: 'admitted',
      reserve: '0',
      unpriced: true,
    });
  });

  it('lets a call nobody can price go alone under a limit, and beside others without one', () => {
    const busy = figures({ inFlight: 1 });
    expect(new Limits('1').admit(busy, { ...call, reserve: null })).toEqual({ kind: 'wait' });
    expect(new Limits('1').admit(figures({ inFlight: 1, unpricedInFlight: 1 }), call)).toEqual({ kind: 'wait' });
    expect(new Limits(null).admit(busy, { ...call, reserve: null }).kind).toBe('admitted');
  });

  it("refuses at the operator's limit with spend and reservations counted, and a call whose known price would pass it", () => {
    const limits = new Limits('1', 'day');
    const refused = limits.admit(figures({ spentInPeriod: '0.8', reserved: '0.2' }), call);
    expect(refused).toMatchObject({ kind: 'refused', refusal: { by: 'operator' } });
    const nearly = figures({ spentInPeriod: '0.8', reserved: '0.1' });
    expect(limits.admit(nearly, call).kind).toBe('admitted');
    expect(limits.admit(nearly, { ...call, reserve: '0.2' })).toMatchObject({
      kind: 'refused',
      refusal: {
        message: expect.stringMatching(/leaves 0\.1 credits \(0\.8 spent, 0\.1 more reserved.*price of 0\.2/),
      },
    });
    // The price learnt by another process counts the same as the caller's.
    const learnt = figures({ spentInPeriod: '0.9', highest: new Map([['timeline', '0.2']]) });
    expect(limits.admit(learnt, { ...call, reserve: null })).toMatchObject({ kind: 'refused' });
  });

  it('refuses at the personal limit on the session, unless it is above the operator ceiling', () => {
    const session = figures({ spentInSession: '0.5', personalLimit: '0.5' });
    expect(new Limits(null).admit(session, call)).toMatchObject({ kind: 'refused', refusal: { by: 'personal' } });
    expect(new Limits('0.4').admit({ ...session, spentInPeriod: '0.1' }, call).kind).toBe('admitted');
  });

  // #33: with 0.1 left of a 1.2 limit, a call priced 0.2 took the total to 1.3.
  it('refuses a known price that does not fit in what is left under each kind of limit, and admits one that fits', () => {
    const person = { name: 'alice', limit: '1.2', period: 'day' as const, spent: '1.1', reserved: '0' };
    const cases = [
      { by: 'operator', limits: new Limits('1.2'), figures: figures({ spentInPeriod: '1.1' }) },
      { by: 'personal', limits: new Limits(null), figures: figures({ spentInSession: '1.1', personalLimit: '1.2' }) },
      { by: 'person', limits: new Limits(null), figures: figures({ person }) },
    ];
    for (const { by, limits, figures: standing } of cases) {
      expect(limits.admit(standing, { ...call, reserve: '0.2' }), by).toMatchObject({
        kind: 'refused',
        refusal: { by, message: expect.stringContaining('leaves 0.1 credits (1.1 spent') },
      });
      expect(limits.admit(standing, { ...call, reserve: '0.1' }), by).toMatchObject({ kind: 'admitted' });
    }
    // A call nobody can price still goes alone, as before: passing the limit by one call at most.
    expect(new Limits('1.2').admit(figures({ spentInPeriod: '1.1' }), { ...call, reserve: null }).kind).toBe(
      'admitted',
    );
  });
});

describe('Limits.state', () => {
  it("turns amber at 80 % of the person's own limit, and red once it is reached", () => {
    const limits = new Limits(null);
    const at = (spent: string) => limits.state(figures({ spentInSession: spent, personalLimit: '2' }));
    expect(at('1.5')).toMatchObject({ warning: false, warningBy: null, warnAt: '1.6', reached: false });
    expect(at('1.6')).toMatchObject({ warning: true, warningBy: 'personal', warnAt: '1.6', remaining: '0.4' });
    // 97 % of it, as the issue found it neutral.
    expect(at('1.94')).toMatchObject({ warning: true, warningBy: 'personal' });
    expect(at('2')).toMatchObject({ warning: false, warningBy: null, reached: true, reachedBy: 'personal' });
  });

  it("warns at the operator's CREDIT_WARN_AT as before, and at the personal limit's point when that is nearer", () => {
    const limits = new Limits('100', 'total', { percent: 90 });
    expect(limits.state(figures({ spentInPeriod: '90' }))).toMatchObject({
      warning: true,
      warningBy: 'operator',
      warnAt: '90',
      limit: '100',
    });
    // 3 left of the operator's 100 and 1 of the person's 5, both past their points: the nearest names the warning.
    const both = limits.state(figures({ spentInPeriod: '97', spentInSession: '4', personalLimit: '5' }));
    expect(both).toMatchObject({ limit: '5', remaining: '1', warning: true, warningBy: 'personal', warnAt: '4' });
    // The person's limit nearer but not yet at its point: the operator's warning still shows.
    const early = limits.state(figures({ spentInPeriod: '98', spentInSession: '0.5', personalLimit: '1' }));
    expect(early).toMatchObject({ limit: '1', warning: true, warningBy: 'operator', warnAt: '90' });
  });

  it('shows the limit with the least left, even when it is the higher one, and names whichever is reached', () => {
    const limits = new Limits('1');
    // 0.2 left of the operator's 1 (other sessions spent it), 0.5 of the person's 0.5.
    const state = limits.state(figures({ spentInPeriod: '0.8', spentInSession: '0', personalLimit: '0.5' }));
    expect(state).toMatchObject({ limit: '1', remaining: '0.2', warning: false, reached: false });
    const reached = limits.state(figures({ spentInPeriod: '1', spentInSession: '0.5', personalLimit: '0.5' }));
    expect(reached).toMatchObject({ reached: true, reachedBy: 'operator', remaining: '0' });
  });

  it("weighs the signed-in person's own limit as a third: amber at 80 % of it, red once reached, named with its reset", () => {
    const limits = new Limits('10', 'total', { percent: 90 });
    const noon = new Date('2026-11-25T12:00:00Z');
    const alice = (spent: string, over: Partial<BudgetFigures> = {}) =>
      limits.state(
        figures({
          spentInPeriod: spent,
          person: { name: 'alice', limit: '0.3', period: 'day', spent, reserved: '0' },
          ...over,
        }),
        noon,
      );
    const person = { name: 'alice', limit: '0.3', period: 'day', resetsAt: '2026-11-26T00:00:00.000Z' };
    expect(alice('0.1')).toMatchObject({ limit: '0.3', remaining: '0.2', warning: false, warnAt: '0.24', person });
    expect(alice('0.24')).toMatchObject({ warning: true, warningBy: 'person', warnAt: '0.24', reached: false });
    expect(alice('0.3')).toMatchObject({ remaining: '0', warning: false, reached: true, reachedBy: 'person' });
    expect(alice('0.3').person).toEqual({ ...person, spent: '0.3' });
    // Her limit further off than the session's: the nearest still names the warning and the stop.
    expect(alice('0.2', { spentInSession: '0.2', personalLimit: '0.2' })).toMatchObject({ reachedBy: 'personal' });
    // Nobody signed in (loopback): two limits, as before, and no person.
    expect(limits.state(figures({ spentInPeriod: '0.3' }))).toMatchObject({
      limit: '10',
      reached: false,
      person: null,
    });
  });

  it('keeps a warning set in credits without a limit', () => {
    const limits = new Limits(null, 'total', { credits: '3' });
    expect(limits.state(figures({ spentInPeriod: '3' }))).toMatchObject({
      limit: null,
      warning: true,
      warningBy: 'operator',
      warnAt: '3',
    });
  });
});
