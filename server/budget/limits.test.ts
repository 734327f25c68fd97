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

  it("refuses at the operator's limit with spend and reservations counted, and a job's call that would pass it", () => {
    const limits = new Limits('1', 'day');
    const refused = limits.admit(figures({ spentInPeriod: '0.8', reserved: '0.2' }), call);
    expect(refused).toMatchObject({ kind: 'refused', refusal: { by: 'operator' } });
    const nearly = figures({ spentInPeriod: '0.8', reserved: '0.1' });
    expect(limits.admit(nearly, call).kind).toBe('admitted');
    expect(limits.admit(nearly, { ...call, reserve: '0.2', wholeCallWithinLimit: true })).toMatchObject({
      kind: 'refused',
    });
  });

  it('refuses at the personal limit on the session, unless it is above the operator ceiling', () => {
    const session = figures({ spentInSession: '0.5', personalLimit: '0.5' });
    expect(new Limits(null).admit(session, call)).toMatchObject({ kind: 'refused', refusal: { by: 'personal' } });
    expect(new Limits('0.4').admit({ ...session, spentInPeriod: '0.1' }, call).kind).toBe('admitted');
  });
});
