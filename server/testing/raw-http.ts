import net from 'node:net';
import { HEADER } from '../../src/contract/index.ts';

/**
 * HTTP/1.1 written byte for byte on a socket of its own: what fetch() and node:http will not send (a path
 * with `%2e%2e` they would resolve, a body that is not what its headers say, a request never finished).
 */
export interface RawAnswer {
  /** The status of each answer read on the connection, in order (`[]`: none). */
  statuses: number[];
  /** Everything the server sent. */
  text: string;
  /** The server closed the connection (as opposed to the wait running out). */
  closed: boolean;
}

export interface RawConnection {
  send(bytes: string | Buffer): void;
  /** Resolves once `count` answers have arrived, the server closed the connection, or `timeoutMs` passed. */
  answers(count: number, timeoutMs: number): Promise<RawAnswer>;
  /** Resolves once the server has closed the connection, or after `timeoutMs` (then false). */
  closedWithin(timeoutMs: number): Promise<boolean>;
  destroy(): void;
}

/** The answers in what the server sent, one after the other: each head, then its body by Content-Length or chunks. */
function statusesIn(text: string): number[] {
  const statuses: number[] = [];
  let at = 0;
  for (;;) {
    const start = text.indexOf('HTTP/1.1 ', at);
    const headEnd = text.indexOf('\r\n\r\n', start);
    if (start < 0 || headEnd < 0) {
      // A head still arriving counts once its status line is there.
      const status = start < 0 ? null : /^HTTP\/1\.1 (\d{3}) /.exec(text.slice(start));
      if (status) statuses.push(Number(status[1]));
      return statuses;
    }
    const head = text.slice(start, headEnd);
    statuses.push(Number(/^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1]));
    const bodyStart = headEnd + 4;
    const length = /^content-length: *(\d+)/im.exec(head)?.[1];
    if (/^transfer-encoding: *chunked/im.test(head)) {
      const end = text.indexOf('\r\n0\r\n\r\n', bodyStart - 2);
      if (end < 0) return statuses;
      at = end + 7;
    } else at = bodyStart + (length === undefined ? 0 : Number(length));
  }
}

export async function rawConnection(origin: string): Promise<RawConnection> {
  const { hostname, port } = new URL(origin);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let text = '';
  let closed = false;
  const changed = new Set<() => void>();
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('latin1');
    for (const notify of changed) notify();
  });
  // A server that cuts a connection still uploading a body answers with a reset: that is a close, not a test failure.
  socket.on('error', () => undefined);
  socket.on('close', () => {
    closed = true;
    for (const notify of changed) notify();
  });

  function until(done: () => boolean, timeoutMs: number): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        changed.delete(check);
        resolve();
      };
      const check = () => {
        if (done()) finish();
      };
      const timer = setTimeout(finish, timeoutMs);
      changed.add(check);
    });
  }

  return {
    send: (bytes) => {
      socket.write(bytes);
    },
    answers: async (count, timeoutMs) => {
      await until(() => closed || (statusesIn(text).length >= count && lastAnswerComplete(text)), timeoutMs);
      return { statuses: statusesIn(text), text, closed };
    },
    closedWithin: async (timeoutMs) => {
      await until(() => closed, timeoutMs);
      return closed;
    },
    destroy: () => {
      socket.destroy();
    },
  };
}

/** The last answer has all of its body: up to its chunked end, or as many bytes as its Content-Length says. */
function lastAnswerComplete(text: string): boolean {
  const start = text.lastIndexOf('HTTP/1.1 ');
  const headEnd = text.indexOf('\r\n\r\n', start);
  if (start < 0 || headEnd < 0) return false;
  const head = text.slice(start, headEnd);
  // Read as latin1: one character per byte.
  const body = text.slice(headEnd + 4);
  if (/^transfer-encoding: *chunked/im.test(head)) return body.endsWith('0\r\n\r\n');
  const length = /^content-length: *(\d+)/im.exec(head)?.[1];
  return length !== undefined && body.length >= Number(length);
}

/** One request on a connection of its own (closed after the answer): the answer's status, or null when none came in time. */
export async function rawRequest(
  origin: string,
  request: string | Buffer,
  timeoutMs = 10_000,
): Promise<{ status: number | null; text: string }> {
  const connection = await rawConnection(origin);
  try {
    connection.send(request);
    const answer = await connection.answers(1, timeoutMs);
    return { status: answer.statuses[0] ?? null, text: answer.text };
  } finally {
    connection.destroy();
  }
}

/** The headers every request from the app carries, Host included (raw requests have none by default). */
export const APP_HEADERS = `Host: 127.0.0.1\r\n${HEADER.client}: 1\r\nsec-fetch-site: same-origin\r\n`;
