import { describe, expect, it } from 'vitest';
import { isCharged, isErrorKind, kindForStatus } from './error-kinds';

describe('error kinds', () => {
  it('names each status the way the proxy and the browser both read it', () => {
    expect([401, 403, 404, 429, 402, 400, 422, 500, 503].map(kindForStatus)).toEqual([
      'auth',
      'auth',
      'not_found',
      'rate_limited',
      'budget',
      'bad_request',
      'bad_request',
      'upstream',
      'upstream',
    ]);
  });

  it('knows its own kinds and charges, nothing else', () => {
    expect(isErrorKind('ledger')).toBe(true);
    expect(isErrorKind('teapot')).toBe(false);
    expect(isErrorKind(3)).toBe(false);
    expect(['no', 'yes', 'unknown', 'maybe', null].map(isCharged)).toEqual([true, true, true, false, false]);
  });
});
