import { describe, expect, it } from 'vitest';
import { creditsAsMoney, moneyOf, moneyText } from './money';
import { ledgerCsvHeader, ledgerCsvLine } from './export/ledger-csv';

const usd = { amount: '0.002', currency: 'USD' };

describe('money beside credits', () => {
  it('is credits × the price of a credit, exactly', () => {
    expect(moneyOf('0.3', usd)).toBe('0.0006');
    expect(moneyOf('1234.5', usd)).toBe('2.469');
  });

  it('reads as the currency is written, with enough decimals that a small spend never reads as nothing', () => {
    expect(moneyText('0.0006', 'USD')).toBe('$0.0006');
    expect(moneyText('0.001234', 'USD')).toBe('$0.0012');
    expect(moneyText('2.469', 'USD')).toBe('$2.47');
    expect(moneyText('1234567.5', 'EUR')).toBe('€1,234,567.50');
    expect(moneyText('0', 'USD')).toBe('$0.00');
    expect(moneyText('12', 'JPY')).toBe('¥12');
    expect(moneyText('0.05', 'JPY')).toBe('¥0.05');
    expect(moneyText('1.5', 'CAD')).toBe('CA$1.50');
  });

  it('is nothing without a price', () => {
    expect(creditsAsMoney('0.3', null)).toBeNull();
    expect(creditsAsMoney('0.3', undefined)).toBeNull();
    expect(creditsAsMoney('0.3', usd)).toBe('$0.0006');
  });

  it('adds an exact money column and its currency to the ledger CSV only when a price is set', () => {
    const row = {
      id: 'r1',
      session: 's1',
      at: '2026-11-27T10:00:00.000Z',
      operation: 'timeline',
      status: 200,
      ok: true,
      credits: '0.1',
      durationMs: 12,
      params: {},
    };
    expect(ledgerCsvHeader(null)).not.toContain('money');
    expect(ledgerCsvLine(row)).toBe(ledgerCsvLine(row, null));
    expect(ledgerCsvHeader(usd)).toMatch(/,person,money,currency\r\n$/);
    expect(ledgerCsvLine(row, usd)).toMatch(/,0\.0002,USD\r\n$/);
    expect(ledgerCsvLine(row, { amount: '0.0000000003', currency: 'EUR' })).toMatch(/,0\.00000000003,EUR\r\n$/);
  });
});
