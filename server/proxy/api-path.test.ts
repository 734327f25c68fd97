import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxyAgainstStandin, type ProxyHarness } from '../testing/harness.ts';
import { APP_HEADERS, rawConnection, rawRequest } from '../testing/raw-http.ts';
import { HEADER } from '../../src/contract/index.ts';

/**
 * Every request under /api is answered, whatever its path: written byte for byte, since fetch() would
 * resolve `%2e%2e` before sending. (A path the host took as the API's and the handler, after URL parsing,
 * as not the API's was never answered by anyone.)
 */
let harness: ProxyHarness;
beforeAll(async () => {
  harness = await startProxyAgainstStandin();
});
afterAll(async () => {
  await harness.close();
});

const BARE_HEADERS = 'Host: 127.0.0.1\r\n';
const get = (path: string, headers = APP_HEADERS) => `GET ${path} HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`;

/** Paths that URL parsing rewrites (dot segments, `%2e`, `\`, a fragment): refused by the API itself. */
const REWRITTEN = [
  '/api/%2e%2e/anything',
  '/api/%2E%2E/x',
  '/api/%2e./x',
  '/api/.%2e/x',
  '/api/%2e%2e',
  '/api/%2e',
  '/api/..',
  '/api/../',
  '/api/x/../../y',
  '/api/./_session',
  '/api/v1/search/..',
  '/api/v1/social/microblog/posts/%2e%2e/%2e%2e/x',
  '/api/_jobs/%2e%2e',
  '/api/_archive/%2e%2e/x',
  '/api/\\..\\x',
  `/api/${'%2e%2e/'.repeat(1000)}x`,
];
/** Odd but left as they are by parsing: answered as any unknown path is, or served as what they are. */
const OTHER_ODD = [
  '/api/..%2fx',
  '/api/%2f',
  '/api%2f..',
  '/api/%2fapi/_session',
  '/api//_session',
  '/api/%00',
  '/api/_session%00',
  '/api/%5c..%5cx',
  '/api/..;/x',
  '/api/%252e%252e/x',
  '/api/%ZZ',
  '/api/%',
  '/api/%ff',
  '/api/_session?%00',
  `/api/${'a'.repeat(8000)}`,
  '//api/x',
  '//api/_session',
  '//x/api/_session',
  '/API/_session',
];

describe('odd paths under /api', () => {
  it('refuses a path that URL parsing would rewrite with a 400 of its own, with or without the guard headers', async () => {
    const callsBefore = (await harness.upstreamLog()).length;
    for (const headers of [APP_HEADERS, BARE_HEADERS]) {
      for (const path of REWRITTEN) {
        const answer = await rawRequest(harness.origin, get(path, headers));
        expect(answer.status, path).toBe(400);
        expect(answer.text.toLowerCase(), path).toContain(`${HEADER.charged}: no`);
        expect(answer.text, path).toContain('is not a plain API path');
      }
    }
    expect(await harness.upstreamLog()).toHaveLength(callsBefore);
  });

  it('answers every other odd path', async () => {
    for (const headers of [APP_HEADERS, BARE_HEADERS]) {
      for (const path of OTHER_ODD) {
        const answer = await rawRequest(harness.origin, get(path, headers));
        expect(answer.status, path).not.toBeNull();
        expect(answer.status, path).toBeLessThan(500);
      }
    }
  });

  it('answers 200 of them sent at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => rawRequest(harness.origin, get('/api/%2e%2e/anything'))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 400));
  });
});

describe('a refused body on a keep-alive connection', () => {
  it('still answers the next request on that connection after a 1 MB body is refused', async () => {
    const connection = await rawConnection(harness.origin);
    try {
      const body = JSON.stringify({ q: 'x'.repeat(1_000_000) });
      connection.send(
        `POST /api/v1/search HTTP/1.1\r\n${APP_HEADERS}content-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
      );
      expect((await connection.answers(1, 10_000)).statuses).toEqual([400]);
      connection.send(`GET /api/_session HTTP/1.1\r\n${APP_HEADERS}\r\n`);
      expect((await connection.answers(2, 10_000)).statuses).toEqual([400, 200]);
    } finally {
      connection.destroy();
    }
    expect(await harness.upstreamLog('xxxxxxxxxx')).toHaveLength(0);
  });
});
