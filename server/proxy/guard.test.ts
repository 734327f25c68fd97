import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxyAgainstStandin, type ProxyHarness } from '../testing/harness.ts';
import { HEADER } from '../../src/contract/index.ts';

let harness: ProxyHarness;
beforeAll(async () => {
  harness = await startProxyAgainstStandin();
});
afterAll(async () => {
  await harness.close();
});

describe('guard', () => {
  const attempts: [string, Record<string, string>][] = [
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site same-site (another localhost port)', { 'sec-fetch-site': 'same-site' }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['a navigation', { 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none' }],
    // Chromium marks every request of a prerendering document so: it buys once the page is shown, not before.
    [
      'a request from a prerendering page (Sec-Purpose)',
      { 'sec-fetch-site': 'same-origin', 'sec-purpose': 'prefetch;prerender' },
    ],
  ];
  it.each(attempts)('refuses %s with 403 before the upstream', async (_name, headers) => {
    const tag = `grace__guard${Math.random().toString(36).slice(2, 8)}`;
    const response = await harness.api(`/api/v1/social/microblog/posts?screen_name=${tag}`, { headers });
    expect(response.status).toBe(403);
    expect(await harness.upstreamLog(tag)).toHaveLength(0);
  });

  it('refuses a foreign Host header (DNS rebinding)', async () => {
    // fetch() may not set Host, so this one goes out through node:http as a rebinding browser would send it.
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(harness.origin);
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: '/api/v1/social/microblog/posts?screen_name=grace__host',
          headers: { host: 'rebind.evil.example', [HEADER.client]: '1' },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(status).toBe(403);
    expect(await harness.upstreamLog('grace__host')).toHaveLength(0);
  });

  it('refuses a request without the client header (plain form posts, images, beacons)', async () => {
    const response = await fetch(`${harness.origin}/api/v1/social/microblog/posts?screen_name=grace__nohdr`);
    expect(response.status).toBe(403);
    expect(await harness.upstreamLog('grace__nohdr')).toHaveLength(0);
  });

  // Where nobody signs in there are no keys: a Bearer header alone is no credential (keys: identity/accounts.test.ts).
  it('refuses a request carrying only a Bearer header where nobody signs in', async () => {
    const response = await fetch(`${harness.origin}/api/v1/social/microblog/posts?screen_name=grace__bearer`, {
      headers: { authorization: 'Bearer cs_anything' },
    });
    expect(response.status).toBe(403);
    expect(await harness.upstreamLog('grace__bearer')).toHaveLength(0);
  });

  const changes: [string, string, string][] = [
    ['POST', '/api/_session/new', '{}'],
    ['PUT', '/api/_session/budget', '{"limit":"0.1"}'],
  ];
  it.each(changes)(
    'refuses %s %s from a foreign Origin or without the client header, changing nothing',
    async (method, path, body) => {
      const before = await harness.state();
      const foreign = await harness.api(path, { method, body, headers: { origin: 'https://evil.example' } });
      const headerless = await fetch(`${harness.origin}${path}`, {
        method,
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect([foreign.status, headerless.status]).toEqual([403, 403]);
      expect(foreign.headers.get(HEADER.charged)).toBe('no');
      const after = await harness.state();
      expect([after.session.id, after.budget]).toEqual([before.session.id, before.budget]);
    },
  );
});
