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
    // As browsers read a URL: tabs and newlines dropped, `\` read as `/`, encoded slashes decoded by someone later.
    for (const hostile of [
      '/\t/evil.example/',
      '/\n/evil.example/',
      '/%2F/evil.example/',
      '/%5Cevil.example/',
      '/%09/evil.example/',
      '/%252F%252Fevil.example/',
      '/.//evil.example/',
      ' //evil.example/',
      'javascript:alert(1)',
    ])
      expect(safeNext(hostile), JSON.stringify(hostile)).toBe('/');
    expect(safeNext('/search?q=a%2F%2Fb#top')).toBe('/search?q=a%2F%2Fb#top');
    expect(safeNext('/timeline/ada')).toBe('/timeline/ada');
  });

  it('checks the password rule and that both fields agree before sending', () => {
    expect(passwordProblem('short', 'short')).toMatch(/at least 12/);
    expect(passwordProblem('a long passphrase', 'a long passphrasE')).toMatch(/not the same/);
    expect(passwordProblem('a long passphrase', 'a long passphrase')).toBeNull();
  });
});
