import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';

// Kept-alive connections as fetch keeps them; a free one is closed before a server that announces no
// Keep-Alive timeout would (undici's default, 4 s). One that does announce it is honoured by Node's agent.
const FREE_SOCKET_MS = 4_000;
const agents = {
  http: new http.Agent({ keepAlive: true, timeout: FREE_SOCKET_MS }),
  https: new https.Agent({ keepAlive: true, timeout: FREE_SOCKET_MS }),
};

export interface UpstreamResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The whole body, decoded as fetch would (gzip, deflate, br; UTF-8). Rejects if it is cut off or the signal fires. */
  text(): Promise<string>;
}

export interface UpstreamRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
}

/** A failure named as fetch names it, so the attempt's judgement reads the same fields: the system error is the cause. */
function failure(error: unknown, signal: AbortSignal, message: string): unknown {
  return signal.aborted ? signal.reason : new Error(message, { cause: error });
}

function decoded(response: IncomingMessage): Readable {
  const encoding = String(response.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  if (!decoder) return response;
  response.on('error', (error) => decoder.destroy(error));
  return response.pipe(decoder);
}

function readText(response: IncomingMessage, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const body = decoded(response);
    const cutOff = (error: unknown) => reject(failure(error, signal, 'terminated'));
    body.on('data', (chunk: Buffer) => chunks.push(chunk));
    body.once('error', cutOff);
    // A connection closed before the declared end of the body is a cut-off answer, never a short one.
    response.once('close', () => {
      if (!response.complete) cutOff(new Error('the connection closed before the answer ended'));
    });
    body.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/**
 * One request to the upstream on Node's own HTTP client: profiled under load, the global fetch spent
 * more CPU per paid call (web streams, Headers objects, a second decoding pass) than the proxy's own work.
 * Errors keep fetch's shape (a timeout is the signal's TimeoutError; a network error carries its code in
 * `cause`), because what may have been charged is judged from them.
 */
export function upstreamRequest(
  url: URL,
  { method, headers, body, signal }: UpstreamRequest,
): Promise<UpstreamResponse> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const secure = url.protocol === 'https:';
    const request = (secure ? https : http).request(
      url,
      {
        method,
        signal,
        agent: secure ? agents.https : agents.http,
        headers: {
          'accept-encoding': 'gzip, deflate, br',
          ...headers,
          ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
        },
      },
      (response) => {
        // Read from the first moment, so no end or close of the body can pass unseen; a body nobody asks for rejects unheard.
        const text = readText(response, signal);
        text.catch(() => undefined);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text: () => text });
      },
    );
    request.once('error', (error) => reject(failure(error, signal, 'fetch failed')));
    request.end(body);
  });
}
