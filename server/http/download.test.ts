import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { streamDownload } from './download.ts';

let server: http.Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function* failingAfterOne() {
  yield 'first line\n';
  throw new URIError('URI malformed');
}

describe('streamDownload', () => {
  it('cuts a download short when its rows fail part way: the client sees it end, it does not hang', async () => {
    const failures: unknown[] = [];
    server = http.createServer((_request, response) => {
      streamDownload(response, 'text/plain', 'x.txt', failingAfterOne()).catch((error: unknown) =>
        failures.push(error),
      );
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    // Cut before or after the headers went out, depending on when the socket flushed: either way, a broken download.
    const outcome = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(5_000) })
      .then((response) => response.text())
      .then(
        () => 'complete',
        (error: Error) => String(error.cause ?? error),
      );
    expect(outcome).toMatch(/other side closed|terminated/);
    expect(failures).toHaveLength(1);
    expect(String(failures[0])).toMatch(/URI malformed/);
  });
});
