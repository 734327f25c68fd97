import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Ledger } from '../ledger/ledger.ts';
import { CREDITS } from '../standin/server.ts';
import { Prices } from './prices.ts';

const ledgers: Ledger[] = [];
function ledger() {
  const created = new Ledger(fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-prices-')));
  ledgers.push(created);
  return created;
}
afterEach(() => { for (const open of ledgers.splice(0)) open.close(); });

const search = (credits: string, charged: 'yes' | 'unknown' = 'yes') => ({
  operation: 'search' as const, params: { q: 'x' }, status: 200, credits, durationMs: 1, ok: charged === 'yes', charged,
  attempts: [{ at: '', status: 200, durationMs: 1, credits, charged }],
});

describe('prices', () => {
  it('in demo mode are the stand-in list prices until a charge says otherwise', () => {
    const book = ledger();
    const prices = new Prices(book, CREDITS);
    expect(prices.state()).toEqual({ timeline: '0.1', search: '0.2' });
    book.record(search('0.25'));
    expect(prices.state()).toEqual({ timeline: '0.1', search: '0.25' });
  });

  it('against a real upstream are unknown until charged, then the latest for display and the highest for reservations', () => {
    const book = ledger();
    const prices = new Prices(book, null);
    expect([prices.current('search'), prices.ceiling('search')]).toEqual([null, null]);
    book.record(search('0.3'));
    book.record(search('0.2'));
    book.record(search('9', 'unknown'));
    expect([prices.current('search'), prices.ceiling('search'), prices.current('timeline')]).toEqual(['0.2', '0.3', null]);
  });
});
