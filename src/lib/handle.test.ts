import { describe, expect, it } from 'vitest';
import { parseProfileLookup } from './handle';

describe('parseProfileLookup', () => {
  it("reads a handle from the platform's own profile and post addresses", () => {
    expect(parseProfileLookup('https://x.com/jack')).toEqual({ screen_name: 'jack' });
    expect(parseProfileLookup('https://www.twitter.com/Ada/status/12')).toEqual({ screen_name: 'Ada' });
    expect(parseProfileLookup('mobile.x.com/grace')).toEqual({ screen_name: 'grace' });
    expect(parseProfileLookup('@linus')).toEqual({ screen_name: 'linus' });
    expect(parseProfileLookup('12345')).toEqual({ rest_id: '12345' });
  });

  it("refuses another site's address instead of reading its first path segment as a handle", () => {
    expect(parseProfileLookup('https://example.com/foo/bar')).toEqual({
      error: 'example.com is not the platform: give the handle',
    });
    expect(parseProfileLookup('docs.example.org/foo')).toHaveProperty('error');
    expect(parseProfileLookup('https://x.com/')).toEqual({ error: 'That URL has no profile name in it' });
  });
});
