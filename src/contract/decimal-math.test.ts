import { describe, expect, it } from 'vitest';
import { compareDecimals, meanDecimal, mulDiv, runningSums, sumDecimals } from './decimal-math';
import { multiplyDecimals } from './decimal-product';

describe('exact decimal sums', () => {
  it('adds 0.1 a thousand times to exactly 100', () => {
    expect(sumDecimals(Array.from({ length: 1000 }, () => '0.1'))).toBe('100');
  });
  it('adds 0.1 and 0.2 to 0.3, unlike floating point', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimals([])).toBe('0');
    expect(sumDecimals(['12', '0.005', 'junk'])).toBe('12.005');
  });
  it('averages with rounding to four places', () => {
    expect(meanDecimal(['0.1', '0.2'])).toBe('0.15');
    expect(meanDecimal(['0.1', '0.1', '0.2'])).toBe('0.1333');
    expect(meanDecimal(['1', '2'], 0)).toBe('2');
  });
});

describe('exact products and quotients', () => {
  it('turns 0.5 credits in 30 minutes into 1 credit an hour, and rounds half up', () => {
    expect(mulDiv('0.5', '3600000', '1800000', 2)).toBe('1');
    expect(mulDiv('0.1', '3600000', '7200000', 2)).toBe('0.05');
    expect(mulDiv('1', '1', '3', 4)).toBe('0.3333');
    expect(mulDiv('2', '1', '3', 4)).toBe('0.6667');
    expect(mulDiv('0.125', '1', '1', 2)).toBe('0.13');
  });
  it('is null for a division by zero', () => {
    expect(mulDiv('1', '1', '0')).toBeNull();
  });
});

describe('running sums and comparisons', () => {
  it('sums cumulatively, exactly at every step', () => {
    expect(runningSums(['0.1', '0.2', '0.3'])).toEqual(['0.1', '0.3', '0.6']);
    expect(runningSums([])).toEqual([]);
  });
  it('compares as decimals, not as text or floats', () => {
    expect(compareDecimals('0.10', '0.1')).toBe(0);
    expect(compareDecimals('0.9', '10')).toBe(-1);
    expect(compareDecimals('0.3000000001', '0.3')).toBe(1);
  });
});

describe('exact products of any precision', () => {
  it('multiplies without rounding, whatever the decimals', () => {
    expect(multiplyDecimals('0.3', '0.002')).toBe('0.0006');
    expect(multiplyDecimals('0.1', '0.0000000001')).toBe('0.00000000001');
    expect(multiplyDecimals('123456789.123456', '0.0000000007')).toBe('0.0864197523864192');
    expect(multiplyDecimals('2.50', '4')).toBe('10');
    expect(multiplyDecimals('0', '0.002')).toBe('0');
    expect(multiplyDecimals('-1.5', '0.2')).toBe('-0.3');
  });
});
