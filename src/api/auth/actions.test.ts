import { describe, expect, it } from 'vitest';
import { passwordProblem, safeNext } from './actions';

describe('sign-in helpers', () => {
  it('goes back only to a path on this server', () => {
    expect(safeNext('/credits?x=1')).toBe('/credits?x=1');
    expect(safeNext('//evil.example/')).toBe('/');
    expect(safeNext('/\\evil.example')).toBe('/');
    expect(safeNext('https://evil.example/')).toBe('/');
    expect(safeNext('/sign-in?next=/x')).toBe('/');
    expect(safeNext(undefined)).toBe('/');
  });

  it('checks the password rule and that both fields agree before sending', () => {
    expect(passwordProblem('short', 'short')).toMatch(/at least 12/);
    expect(passwordProblem('a long passphrase', 'a long passphrasE')).toMatch(/not the same/);
    expect(passwordProblem('a long passphrase', 'a long passphrase')).toBeNull();
  });
});
