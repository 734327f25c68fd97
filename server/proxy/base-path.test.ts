import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startStandin } from '../standin/server.ts';
import { startProxyAgainstStandin, TEST_TOKEN, type ProxyHarness } from '../testing/harness.ts';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const closable of open.splice(0)) await closable.close();
});

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** A gateway that serves the upstream under `/tenant-a`: it records each path it is asked for, then passes the call on without the prefix. */
async function startGateway() {
  const paths: string[] = [];
  let target = '';
  const server = createServer((request, response) => {
    void (async () => {
      paths.push(request.url ?? '');
      if (!request.url?.startsWith('/tenant-a/'))
        return response.writeHead(404).end('{"success":false,"message":"no such tenant"}');
      const answer = await fetch(`${target}${request.url.slice('/tenant-a'.length)}`, {
        method: request.method,
        body: (await readBody(request)) || undefined,
        headers: { authorization: request.headers.authorization ?? '', 'content-type': 'application/json' },
      });
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const gateway = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paths,
    forwardTo: (url: string) => {
      target = url;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  open.push(gateway);
  return gateway;
}

async function proxy(baseUrl: string): Promise<ProxyHarness> {
  const harness = await startProxyAgainstStandin({}, { baseUrl });
  open.unshift(harness);
  return harness;
}

describe('API_BASE_URL with a base path', () => {
  it('sends every call under that path, to the stand-in behind a gateway', async () => {
    const gateway = await startGateway();
    const harness = await proxy(`${gateway.url}/tenant-a/`);
    gateway.forwardTo(harness.standin.url);
    const timeline = await harness.api('/api/v1/social/microblog/posts?screen_name=ada__tenant');
    const search = await harness.api('/api/v1/search', {
      method: 'POST',
      body: JSON.stringify({ q: 'tenant search' }),
    });
    expect([timeline.status, search.status]).toEqual([200, 200]);
    expect(gateway.paths).toEqual([
      '/tenant-a/v1/social/microblog/posts?screen_name=ada__tenant',
      '/tenant-a/v1/search',
    ]);
    const calls = await harness.upstreamLog();
    expect(calls.map(({ path, authorization }) => [path, authorization])).toEqual([
      ['/v1/social/microblog/posts', `Bearer ${TEST_TOKEN}`],
      ['/v1/search', `Bearer ${TEST_TOKEN}`],
    ]);
  });

  it('is not dropped: straight at the stand-in, /tenant-a/v1/… is its 404 and no /v1 call is made (nothing charged)', async () => {
    const standin = await startStandin({ token: TEST_TOKEN, port: 0 });
    open.push(standin);
    const harness = await proxy(`${standin.url}/tenant-a`);
    const response = await harness.api('/api/v1/social/microblog/posts?screen_name=ada__tenant');
    const body = (await response.json()) as { error: { message: string; charged: string } };
    expect(response.status).toBe(404);
    // The stand-in's answer to a path outside /v1 (it logs /v1 calls only); before, the call went to /v1/… and was bought.
    expect(body.error).toMatchObject({ message: '404 Not Found: Not found', charged: 'no' });
    expect(await (await fetch(`${standin.url}/_control/log`)).json()).toEqual([]);
  });
});
