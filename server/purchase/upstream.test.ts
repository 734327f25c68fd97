import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_ANSWER_BYTES, upstreamRequest } from './upstream.ts';

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

async function serve(handler: http.RequestListener): Promise<URL> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/x`);
}

const get = (url: URL, timeoutMs = 2_000) =>
  upstreamRequest(url, {
    method: 'GET',
    headers: { authorization: 'Bearer t' },
    signal: AbortSignal.timeout(timeoutMs),
  });

describe('the upstream client', () => {
  it('decodes a compressed answer, as fetch did', async () => {
    const body = JSON.stringify({ success: true, data: 'é'.repeat(5_000) });
    for (const [encoding, compress] of [
      ['gzip', zlib.gzipSync],
      ['br', zlib.brotliCompressSync],
      ['deflate', zlib.deflateSync],
    ] as const) {
      const url = await serve((request, response) => {
        expect(request.headers['accept-encoding']).toContain(encoding);
        response
          .writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding })
          .end(compress(body));
      });
      const answer = await get(url);
      expect([answer.status, await answer.text()]).toEqual([200, body]);
    }
  });

  it('rejects a body cut off before its declared end, and names a refused connection by its code', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(200, { 'content-length': '1000' });
      response.write('{"success":');
      setTimeout(() => response.socket?.destroy(), 20);
    });
    const answer = await get(url);
    await expect(answer.text()).rejects.toThrow();
    const closed = new URL(url);
    closed.port = String((await serve(() => undefined)).port);
    await new Promise((resolve) => servers.pop()!.close(resolve));
    await expect(get(closed)).rejects.toMatchObject({ cause: { code: 'ECONNREFUSED' } });
  });

  it("times out waiting for an answer, or for the rest of a body, with the signal's TimeoutError", async () => {
    const silent = await serve(() => undefined);
    await expect(get(silent, 200)).rejects.toMatchObject({ name: 'TimeoutError' });
    const slow = await serve((_request, response) => {
      response.writeHead(200, { 'content-length': '100' });
      response.write('{');
    });
    const answer = await get(slow, 200);
    await expect(answer.text()).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('reads a body in the UTF-16 its content type or byte order mark declares', async () => {
    const body = JSON.stringify({ success: true, message: 'Bearer Sk-é' });
    const cases: [Record<string, string>, Buffer][] = [
      [{ 'content-type': 'application/json; charset=utf-16' }, Buffer.from(body, 'utf16le')],
      [{ 'content-type': 'application/json; charset="UTF-16LE"' }, Buffer.from(body, 'utf16le')],
      [
        { 'content-type': 'application/json' },
        Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(body, 'utf16le')]),
      ],
      [{ 'content-type': 'application/json; charset=utf-16be' }, Buffer.from(body, 'utf16le').swap16()],
    ];
    for (const [headers, bytes] of cases) {
      const url = await serve((_request, response) => response.writeHead(200, headers).end(bytes));
      expect(await (await get(url)).text()).toBe(body);
    }
  });

  it('stops reading an answer past its size limit, compressed or not, and rejects it by name', async () => {
    const big = Buffer.alloc(MAX_ANSWER_BYTES + 1, 0x20);
    for (const compressed of [false, true]) {
      const url = await serve((_request, response) =>
        response
          .writeHead(200, compressed ? { 'content-encoding': 'gzip' } : {})
          .end(compressed ? zlib.gzipSync(big) : big),
      );
      await expect((await get(url)).text()).rejects.toMatchObject({ cause: { message: /larger than 8 MB/ } });
    }
  });
});
