import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The status this receiver answered. */
  answered: number;
}

/**
 * A webhook receiver on 127.0.0.1, as a person would run one: it keeps every POST and answers 200, or each status
 * queued with failNext() first (a 500 once, say).
 */
export async function startWebhookReceiver() {
  const received: Received[] = [];
  const queued: number[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answered = queued.shift() ?? 200;
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), answered });
      response.writeHead(answered, { 'content-type': 'text/plain' }).end(answered === 200 ? 'ok' : 'receiver down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    failNext: (...statuses: number[]) => queued.push(...statuses),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Whether a POST carries a good signature of its body under `secret`, as the README tells receivers to check. */
export function signedWith(secret: string, received: Received): boolean {
  const timestamp = String(received.headers['x-creditscope-timestamp']);
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${received.body}`).digest('hex')}`;
  const given = String(received.headers['x-creditscope-signature']);
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
