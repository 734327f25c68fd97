// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaidResponse } from './client';

/** A fresh document: the module's memory is gone, localStorage is what the last one left. */
const nextDocument = async () => {
  vi.resetModules();
  return import('./recent-purchases');
};
const answer = (n: number, chars = 2_000): PaidResponse =>
  ({
    json: { data: { posts: [{ id: n, text: 'x'.repeat(chars) }] } },
    callId: `call-${n}`,
    credits: '1',
    boughtAt: 1_700_000_000_000 + n,
  }) as unknown as PaidResponse;
const journalKeys = () => Object.keys(localStorage).filter((key) => key.startsWith('creditscope-purchase|'));

/** What changed in localStorage from now on: keys written (with their new text) and keys removed. */
function watchStorage() {
  const before = new Map(Object.entries(localStorage));
  return () => {
    const now = new Map(Object.entries(localStorage));
    return {
      written: [...now].filter(([key, text]) => before.get(key) !== text).map(([, text]) => text),
      removed: [...before.keys()].filter((key) => !now.has(key)),
    };
  };
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the purchase journal in localStorage', () => {
  it('writes only the new answer for page 30, and removes only what the budget drops', async () => {
    const journal = await nextDocument();
    for (let n = 1; n < 30; n++) journal.rememberPurchase(`timeline page-${n}`, answer(n));
    let changes = watchStorage();
    journal.rememberPurchase('timeline page-30', answer(30));
    expect(changes()).toEqual({ written: [JSON.stringify(answer(30))], removed: [] });
    changes = watchStorage();
    for (let n = 31; n <= journal.MAX_ENTRIES + 5; n++) journal.rememberPurchase(`timeline page-${n}`, answer(n));
    // Past the budget: one write per answer and one removal each time, the oldest going first.
    expect(changes().written).toHaveLength(journal.MAX_ENTRIES + 5 - 30);
    expect(changes().removed).toHaveLength(5);
    expect(journalKeys()).toHaveLength(journal.MAX_ENTRIES);
    const reloaded = await nextDocument();
    expect(reloaded.recentPurchase('timeline page-5')).toBeNull();
    expect(reloaded.recentPurchase('timeline page-6')).toEqual(answer(6));
  });

  it('hands the next document the same answer, and forgets a page for an explicit re-buy in every later one', async () => {
    const journal = await nextDocument();
    journal.rememberPurchase('search q', answer(1));
    journal.rememberPurchase('search r', answer(2));
    const next = await nextDocument();
    expect(next.recentPurchase('search q')).toEqual(answer(1));
    next.forgetPurchase('search q');
    expect(next.recentPurchase('search q')).toBeNull();
    const third = await nextDocument();
    expect(third.recentPurchase('search q')).toBeNull();
    expect(third.recentPurchase('search r')).toEqual(answer(2));
  });

  it('keeps within its size budget, and two documents add to one journal instead of overwriting each other', async () => {
    const big = 400_000;
    const first = await nextDocument();
    const second = await nextDocument();
    first.rememberPurchase('timeline a', answer(1, big));
    second.rememberPurchase('timeline b', answer(2, big));
    first.rememberPurchase('timeline c', answer(3, big));
    const chars = journalKeys().reduce((sum, key) => sum + localStorage.getItem(key)!.length, 0);
    expect(chars).toBeLessThanOrEqual(first.MAX_CHARS);
    const reader = await nextDocument();
    expect(reader.recentPurchase('timeline b')).toEqual(answer(2, big));
    expect(reader.recentPurchase('timeline c')).toEqual(answer(3, big));
    second.rememberPurchase('timeline d', answer(4, big));
    expect((await nextDocument()).recentPurchase('timeline a')).toBeNull();
  });

  it("moves the previous build's journal (one array) over once", async () => {
    localStorage.setItem(
      'creditscope-recent-purchases',
      JSON.stringify([['timeline old', { answer: answer(7), at: Date.now() }]]),
    );
    const journal = await nextDocument();
    expect(journal.recentPurchase('timeline old')).toEqual(answer(7));
    expect(localStorage.getItem('creditscope-recent-purchases')).toBeNull();
    expect(journalKeys()).toHaveLength(1);
  });
});
